/**
 * /admin/demand (staff): every interest reservation with filters, the totals per listing,
 * qualification with a note, and the CSV export. Once Phase A.5 is open and `phaseA5Preorders` is
 * on, a reservation can be invited to pre-order and a listing's pre-order caps set; in Phase A
 * those controls are not there at all.
 */

// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { DemandListingTotals, DemandReservation } from '@kitwright/contracts';
import { isKitwrightError } from '@kitwright/sdk';
import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, Input, Loading, Notice, Select, space, Text } from '../../design';
import { type MessageKey, type Translate, useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import {
  type DemandFilterValues,
  useDemandByListing,
  useDemandPages,
  useExportDemand,
  useInvitePreorder,
  usePreorderCaps,
  useQualifyReservation,
  useSetPreorderCaps,
} from '../../state/queries/ops-demand';
import { formatDate } from '../account/dates';
import { errorText } from '../account/error-text';
import { saveTextFile } from '../account/save-file';
import { AdminFrame } from '../admin/admin-frame';
import { ShowMore } from '../admin/show-more';
import { ProblemNotice } from '../discover/problem-notice';
import { ANY, Fact, Row } from './parts';

const STATUSES = ['active', 'cancelled'] as const;
const USES = ['free_standing', 'decorative'] as const;
const INVITE_STATES = ['not_invited', 'invited', 'declined', 'converted'] as const;
const QUALIFICATIONS = ['unreviewed', 'qualified', 'not_qualified'] as const;
const PERIODS = ['7', '30', '90'] as const;

type FilterKey = 'listing_id' | 'designer_id' | 'status' | 'intended_use' | 'invite_state' | 'qualification';

/** Whether A.5 pre-order controls are shown: the phase is A.5 (or later) and the flag is on. */
export function usePreordersOpen(): boolean {
  const shell = useAppShell().data;
  return Boolean(shell && shell.config.phase !== 'A' && shell.flags.phaseA5Preorders);
}

export function DemandScreen() {
  const { t } = useI18n();
  const [filters, setFilters] = useState<DemandFilterValues>({});
  const [period, setPeriod] = useState<string>(ANY);
  const [jurisdiction, setJurisdiction] = useState('');
  const preordersOpen = usePreordersOpen();
  const all = useDemandByListing({});
  const pages = useDemandPages(filters);

  function setFilter(key: FilterKey, value: string) {
    setFilters((current) => {
      const next: Record<string, string> = { ...(current as Record<string, string>) };
      if (value === ANY) delete next[key];
      else next[key] = value;
      return next as DemandFilterValues;
    });
  }

  function choosePeriod(value: string) {
    setPeriod(value);
    setFilters((current) => {
      const { from: _from, ...rest } = current;
      if (value === ANY) return rest;
      return { ...rest, from: new Date(Date.now() - Number(value) * 86_400_000).toISOString() };
    });
  }

  function changeJurisdiction(value: string) {
    const code = value
      .replace(/[^a-z]/gi, '')
      .slice(0, 2)
      .toUpperCase();
    setJurisdiction(code);
    setFilters((current) => {
      const { jurisdiction: _j, ...rest } = current;
      return code.length === 2 ? { ...rest, jurisdiction: code } : rest;
    });
  }

  const listings = all.data?.items ?? [];
  const designers = [...new Map(listings.map((l) => [l.designer.id, l.designer])).values()];
  const select = (key: FilterKey, label: MessageKey, options: { value: string; label: string }[]) => (
    <View style={styles.filter}>
      <Select
        label={t(label)}
        value={(filters as Record<string, string | undefined>)[key] ?? ANY}
        options={[{ value: ANY, label: t('ops.demand.any') }, ...options]}
        onChange={(value) => setFilter(key, value)}
        placeholder={t('ops.demand.any')}
        closeLabel={t('common.close')}
        testID={`demand-filter-${key}`}
      />
    </View>
  );

  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const totals = pages.data?.pages[0]?.totals;
  return (
    <AdminFrame needs="staff" title="admin.section.demand" section="/admin/demand" testID="ops-demand">
      <Text tone="muted">{t('ops.demand.intro')}</Text>
      <Card testID="demand-filters">
        <Text variant="h2">{t('ops.demand.filters')}</Text>
        <Row>
          {select(
            'listing_id',
            'ops.demand.filter.listing',
            listings.map((l) => ({ value: l.listing.id, label: l.listing.title })),
          )}
          {select(
            'designer_id',
            'ops.demand.filter.designer',
            designers.map((d) => ({ value: d.id, label: `${d.display_name} (@${d.username})` })),
          )}
          {select(
            'status',
            'ops.demand.filter.status',
            STATUSES.map((s) => ({ value: s, label: t(`ops.status.${s}`) })),
          )}
          <View style={styles.filter}>
            <Input
              label={t('ops.demand.filter.jurisdiction')}
              help={t('ops.demand.filter.jurisdictionHelp')}
              value={jurisdiction}
              onChangeText={changeJurisdiction}
              autoCapitalize="characters"
              maxLength={2}
              testID="demand-filter-jurisdiction"
            />
          </View>
          {select(
            'intended_use',
            'ops.demand.filter.use',
            USES.map((u) => ({ value: u, label: t(`ops.use.${u}`) })),
          )}
          <View style={styles.filter}>
            <Select
              label={t('ops.demand.filter.period')}
              value={period}
              options={[
                { value: ANY, label: t('ops.demand.period.all') },
                ...PERIODS.map((d) => ({
                  value: d,
                  label: t('ops.demand.period.days', { count: Number(d) }),
                })),
              ]}
              onChange={choosePeriod}
              placeholder={t('ops.demand.period.all')}
              closeLabel={t('common.close')}
              testID="demand-filter-period"
            />
          </View>
          {select(
            'invite_state',
            'ops.demand.filter.invite',
            INVITE_STATES.map((s) => ({ value: s, label: t(`ops.invite.${s}`) })),
          )}
          {select(
            'qualification',
            'ops.demand.filter.qualified',
            QUALIFICATIONS.map((s) => ({ value: s, label: t(`ops.qualification.${s}`) })),
          )}
        </Row>
      </Card>

      {totals ? (
        <Card testID="demand-totals">
          <Text variant="h2">{t('ops.demand.totals')}</Text>
          <Row>
            <Fact label={t('ops.demand.total.reservations')} value={totals.reservations} />
            <Fact label={t('ops.demand.total.active')} value={totals.active} />
            <Fact label={t('ops.demand.total.quantity')} value={totals.active_quantity} />
            <Fact label={t('ops.demand.total.qualified')} value={totals.qualified} />
            <Fact label={t('ops.demand.total.verified')} value={totals.verified} />
            <Fact label={t('ops.demand.total.flagged')} value={totals.flagged} />
          </Row>
        </Card>
      ) : null}

      <ExportCard filters={filters} />
      <ByListing filters={filters} preordersOpen={preordersOpen} />

      <View style={styles.section} testID="demand-reservations">
        <Text variant="h2">{t('ops.demand.reservations')}</Text>
        {pages.isPending ? (
          <Loading label={t('ops.demand.loading')} />
        ) : pages.isError ? (
          <ProblemNotice error={pages.error} onRetry={() => void pages.refetch()} />
        ) : items.length === 0 ? (
          <Notice tone="info" testID="demand-empty">
            {t('ops.demand.empty')}
          </Notice>
        ) : (
          <View role="list" style={styles.list}>
            {items.map((r) => (
              <ReservationItem key={r.id} reservation={r} preordersOpen={preordersOpen} />
            ))}
          </View>
        )}
        <ShowMore pages={pages} label={t('ops.demand.more')} testID="demand-more" />
      </View>
    </AdminFrame>
  );
}

function ExportCard({ filters }: { filters: DemandFilterValues }) {
  const { t } = useI18n();
  const exporter = useExportDemand();
  const [done, setDone] = useState<string | null>(null);
  async function run(view: 'reservations' | 'listings') {
    setDone(null);
    try {
      const text = await exporter.mutateAsync({ ...filters, view });
      const name = `kitwright-demand-${view}.csv`;
      await saveTextFile(name, text, 'text/csv');
      const rows = Math.max(0, text.split(/\r?\n/).filter((line) => line.length > 0).length - 1);
      setDone(t('ops.demand.exported', { name, count: rows }));
    } catch {
      // The error is shown from the mutation below.
    }
  }
  return (
    <Card testID="demand-export">
      <Text variant="h2">{t('ops.demand.export')}</Text>
      <Text variant="caption" tone="muted">
        {t('ops.demand.exportHelp')}
      </Text>
      <Row>
        <Button
          label={t('ops.demand.exportReservations')}
          kind="secondary"
          onPress={() => void run('reservations')}
          busy={exporter.isPending && exporter.variables?.view === 'reservations'}
          testID="demand-export-reservations"
        />
        <Button
          label={t('ops.demand.exportListings')}
          kind="secondary"
          onPress={() => void run('listings')}
          busy={exporter.isPending && exporter.variables?.view === 'listings'}
          testID="demand-export-listings"
        />
      </Row>
      <View aria-live="polite">
        {done ? (
          <Notice tone="success" testID="demand-export-done">
            {done}
          </Notice>
        ) : null}
        {exporter.isError ? <Notice tone="error">{errorText(t, exporter.error)}</Notice> : null}
      </View>
    </Card>
  );
}

function ByListing({ filters, preordersOpen }: { filters: DemandFilterValues; preordersOpen: boolean }) {
  const { t } = useI18n();
  const byListing = useDemandByListing(filters);
  return (
    <View style={styles.section} testID="demand-by-listing">
      <Text variant="h2">{t('ops.demand.byListing')}</Text>
      {byListing.isPending ? (
        <Loading label={t('ops.demand.loading')} />
      ) : byListing.isError ? (
        <ProblemNotice error={byListing.error} onRetry={() => void byListing.refetch()} />
      ) : byListing.data.items.length === 0 ? (
        <Text tone="muted">{t('ops.demand.empty')}</Text>
      ) : (
        <View role="list" style={styles.list}>
          {byListing.data.items.map((row) => (
            <ListingTotals key={row.listing.id} row={row} preordersOpen={preordersOpen} />
          ))}
        </View>
      )}
    </View>
  );
}

function ListingTotals({ row, preordersOpen }: { row: DemandListingTotals; preordersOpen: boolean }) {
  const { t } = useI18n();
  return (
    <View role="listitem" testID="demand-listing">
      <Card>
        <Text variant="h3">{row.listing.title}</Text>
        <Text variant="caption" tone="muted">
          {t('ops.demand.by', { name: row.designer.display_name })}
        </Text>
        <Row>
          <Fact label={t('ops.demand.total.active')} value={row.totals.active} />
          <Fact label={t('ops.demand.total.quantity')} value={row.totals.active_quantity} />
          <Fact label={t('ops.demand.total.qualified')} value={row.totals.qualified} />
          <Fact label={t('ops.demand.total.cancelled')} value={row.totals.cancelled} />
          <Fact
            label={t('ops.demand.total.ukShare')}
            value={row.totals.uk_share === null ? '—' : `${Math.round(row.totals.uk_share * 100)} %`}
          />
        </Row>
        {preordersOpen ? <CapsForm listingId={row.listing.id} title={row.listing.title} /> : null}
      </Card>
    </View>
  );
}

function CapsForm({ listingId, title }: { listingId: string; title: string }) {
  const { t } = useI18n();
  const current = usePreorderCaps(listingId);
  const setCaps = useSetPreorderCaps();
  const [invitationCap, setInvitationCap] = useState('');
  const [preorderCap, setPreorderCap] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The fields start from the caps in force, once known, unless the person already typed.
  const loaded = current.data;
  useEffect(() => {
    if (!loaded) return;
    setInvitationCap((v) => v || String(loaded.invitation_cap));
    setPreorderCap((v) => v || String(loaded.preorder_cap));
  }, [loaded]);
  async function save() {
    const caps = { invitation_cap: Number(invitationCap), preorder_cap: Number(preorderCap) };
    if (!/^\d+$/.test(invitationCap) || !/^\d+$/.test(preorderCap)) {
      setProblem(t('ops.caps.numbers'));
      return;
    }
    setProblem(null);
    try {
      await setCaps.mutateAsync({ listingId, caps });
    } catch (err) {
      setProblem(errorText(t, err));
    }
  }
  const saved = setCaps.data;
  return (
    <View style={styles.subform} testID="demand-caps">
      <Text variant="label">{t('ops.caps.title', { title })}</Text>
      <Row>
        <View style={styles.small}>
          <Input
            label={t('ops.caps.invitations')}
            value={invitationCap}
            onChangeText={setInvitationCap}
            keyboardType="number-pad"
          />
        </View>
        <View style={styles.small}>
          <Input
            label={t('ops.caps.preorders')}
            value={preorderCap}
            onChangeText={setPreorderCap}
            keyboardType="number-pad"
          />
        </View>
        <Button
          label={t('ops.caps.save')}
          kind="secondary"
          onPress={() => void save()}
          busy={setCaps.isPending}
          testID="demand-caps-save"
        />
      </Row>
      <View aria-live="polite">
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        {!saved && loaded ? (
          <Text variant="caption" tone="muted" testID="demand-caps-current">
            {t('ops.caps.current', {
              invited: loaded.invited,
              invitationCap: loaded.invitation_cap,
              preordered: loaded.preordered,
              preorderCap: loaded.preorder_cap,
            })}
          </Text>
        ) : null}
        {saved ? (
          <Notice tone="success" testID="demand-caps-saved">
            {t('ops.caps.saved', {
              invited: saved.invited,
              invitationCap: saved.invitation_cap,
              preordered: saved.preordered,
              preorderCap: saved.preorder_cap,
            })}
          </Notice>
        ) : null}
      </View>
    </View>
  );
}

function qualificationTone(state: string) {
  return state === 'qualified' ? 'success' : state === 'not_qualified' ? 'danger' : 'neutral';
}

function reserverName(t: Translate, r: DemandReservation): string {
  return r.reserver.user
    ? `${r.reserver.user.display_name} (@${r.reserver.user.username})`
    : t('ops.demand.visitor');
}

function ReservationItem({
  reservation: r,
  preordersOpen,
}: {
  reservation: DemandReservation;
  preordersOpen: boolean;
}) {
  const { t, locale } = useI18n();
  const qualify = useQualifyReservation();
  const [note, setNote] = useState(r.qualification.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  async function mark(state: 'qualified' | 'not_qualified' | 'unreviewed') {
    setProblem(null);
    try {
      await qualify.mutateAsync({
        id: r.id,
        qualification: { state, ...(note.trim() ? { note: note.trim() } : {}) },
      });
    } catch (err) {
      setProblem(errorText(t, err));
    }
  }
  return (
    <View role="listitem" testID="demand-reservation">
      <Card>
        <Text variant="h3">{r.listing.title}</Text>
        <Text variant="caption" tone="muted">
          {`${t('ops.demand.by', { name: r.designer.display_name })} · ${formatDate(r.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}`}
        </Text>
        <View style={styles.badges}>
          <Badge label={t(`ops.status.${r.status}`)} tone={r.status === 'active' ? 'brand' : 'neutral'} />
          <Badge
            label={t(`ops.qualification.${r.qualification.state}`)}
            tone={qualificationTone(r.qualification.state)}
            testID="demand-qualification"
          />
          <Badge
            label={t(`ops.invite.${r.conversion_invite_state}`)}
            tone={r.conversion_invite_state === 'not_invited' ? 'neutral' : 'warning'}
            testID="demand-invite-state"
          />
          {r.review_flag ? <Badge label={t('ops.demand.flagged')} tone="danger" /> : null}
        </View>
        <Row>
          <Fact label={t('ops.demand.reserver')} value={reserverName(t, r)} />
          <Fact label={t('ops.demand.trust')} value={t(`ops.trust.${r.reserver.trust}`)} />
          <Fact label={t('ops.demand.quantity')} value={r.quantity} />
          <Fact label={t('ops.demand.filter.jurisdiction')} value={r.jurisdiction} />
          <Fact label={t('ops.demand.filter.use')} value={t(`ops.use.${r.intended_use}`)} />
        </Row>
        {r.qualification.note ? (
          <Text variant="caption">{t('ops.demand.noteWas', { note: r.qualification.note })}</Text>
        ) : null}
        <Input
          label={t('ops.demand.note')}
          value={note}
          onChangeText={setNote}
          maxLength={1000}
          testID="demand-note"
        />
        <Row>
          <Button
            label={t('ops.demand.markQualified')}
            size="sm"
            onPress={() => void mark('qualified')}
            busy={qualify.isPending && qualify.variables?.qualification.state === 'qualified'}
            testID="demand-qualify"
          />
          <Button
            label={t('ops.demand.markNotQualified')}
            size="sm"
            kind="secondary"
            onPress={() => void mark('not_qualified')}
            busy={qualify.isPending && qualify.variables?.qualification.state === 'not_qualified'}
            testID="demand-not-qualify"
          />
          {r.qualification.state !== 'unreviewed' ? (
            <Button
              label={t('ops.demand.markUnreviewed')}
              size="sm"
              kind="ghost"
              onPress={() => void mark('unreviewed')}
            />
          ) : null}
        </Row>
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        {preordersOpen && r.status === 'active' && r.conversion_invite_state === 'not_invited' ? (
          <InviteForm reservationId={r.id} />
        ) : null}
      </Card>
    </View>
  );
}

/** Why a reservation could not be invited, in the staff member's words. */
function inviteRefusal(t: Translate, err: unknown): string {
  if (isKitwrightError(err)) {
    if (err.code === 'ALREADY_INVITED') return t('ops.invitePreorder.refused.already');
    if (err.code === 'CAP_REACHED') return t('ops.invitePreorder.refused.cap');
    if (err.code === 'OUTSIDE_UK') return t('ops.invitePreorder.refused.uk');
    if (err.code === 'USE_CASE_BLOCKED') return t('ops.invitePreorder.refused.use');
    if (err.code === 'GATE_NOT_MET') return t('ops.invitePreorder.refused.terms');
    if (err.code === 'INVALID_STATE') return t('ops.invitePreorder.refused.state');
  }
  return errorText(t, err);
}

function InviteForm({ reservationId }: { reservationId: string }) {
  const { t } = useI18n();
  const invite = useInvitePreorder();
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('14');
  const [problem, setProblem] = useState<string | null>(null);
  async function send() {
    const pounds = Number(price.replace(',', '.'));
    if (!Number.isFinite(pounds) || pounds < 1 || pounds > 5000) {
      setProblem(t('ops.invitePreorder.priceRange'));
      return;
    }
    const expires = Number(days);
    setProblem(null);
    try {
      await invite.mutateAsync({
        id: reservationId,
        body: {
          expected_price: { amount_minor: Math.round(pounds * 100), currency: 'GBP' },
          ...(Number.isInteger(expires) && expires > 0 ? { expires_in_days: expires } : {}),
        },
      });
    } catch (err) {
      setProblem(inviteRefusal(t, err));
    }
  }
  return (
    <View style={styles.subform} testID="demand-invite">
      <Text variant="label">{t('ops.invitePreorder.title')}</Text>
      <Row>
        <View style={styles.small}>
          <Input
            label={t('ops.invitePreorder.price')}
            value={price}
            onChangeText={setPrice}
            keyboardType="decimal-pad"
          />
        </View>
        <View style={styles.small}>
          <Input
            label={t('ops.invitePreorder.days')}
            value={days}
            onChangeText={setDays}
            keyboardType="number-pad"
          />
        </View>
        <Button
          label={t('ops.invitePreorder.send')}
          onPress={() => void send()}
          busy={invite.isPending}
          testID="demand-invite-send"
        />
      </Row>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  filter: { flexGrow: 1, flexBasis: 200, maxWidth: '100%' },
  section: { gap: space.md, marginTop: space.md },
  list: { gap: space.md },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
  subform: { gap: space.sm, marginTop: space.sm },
  small: { flexGrow: 1, flexBasis: 140, maxWidth: '100%' },
});
