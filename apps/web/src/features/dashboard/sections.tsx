/**
 * The dashboard's sections: notifications, drafts, published listings with their counts, saved
 * listings, reservations (with cancel), and support conversations. Each says plainly when it is
 * empty and offers the way to fill it.
 */
import type { DashboardResponse, Reservation } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { type ReactNode, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  colors,
  LinkBlock,
  Picture,
  radius,
  space,
  Text,
  TextLink,
  useLayout,
} from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { CancelReservationSheet } from '../discover/cancel-reservation-sheet';
import { CardGrid } from '../discover/card-grid';
import { countryName, intendedUseLabel } from '../discover/labels';
import { ListingCard } from '../discover/listing-card';

export function Section({
  title,
  count,
  children,
  action,
  testID,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  action?: ReactNode;
  testID?: string;
}) {
  const { formatNumber } = useI18n();
  return (
    <View style={styles.section} testID={testID}>
      <View style={styles.sectionHead}>
        <Text variant="h2" style={styles.sectionTitle}>
          {title}
          {count !== undefined ? <Text variant="h2" tone="muted">{` ${formatNumber(count)}`}</Text> : null}
        </Text>
        {action}
      </View>
      {children}
    </View>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <View style={styles.empty}>
      {typeof children === 'string' ? <Text tone="muted">{children}</Text> : children}
    </View>
  );
}

function useDate() {
  const { locale } = useI18n();
  return (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

function Thumb({ uri }: { uri: string }) {
  return (
    <View style={styles.thumb}>
      <Picture uri={uri} alt="" width={960} height={840} lazy />
    </View>
  );
}

export function Summary({ data }: { data: DashboardResponse }) {
  const { t, formatNumber } = useI18n();
  const tiles: Array<[string, number, boolean]> = [
    [t('dashboard.tileDrafts'), data.drafts.length, data.viewer.kind === 'user'],
    [t('dashboard.tilePublished'), data.listings.length, data.viewer.kind === 'user'],
    [t('dashboard.tileSaved'), data.saved.length, true],
    [t('dashboard.tileReservations'), data.reservations.active.length, true],
  ];
  return (
    <View style={styles.tiles} role="list" testID="dashboard-summary">
      {tiles
        .filter(([, , shown]) => shown)
        .map(([label, value]) => (
          <View key={label} role="listitem" style={styles.tile}>
            <Text variant="h2">{formatNumber(value)}</Text>
            <Text variant="caption" tone="muted">
              {label}
            </Text>
          </View>
        ))}
    </View>
  );
}

const FIRST_NOTIFICATIONS = 3;

export function Notifications({ items }: { items: DashboardResponse['notifications'] }) {
  const { t, formatNumber } = useI18n();
  const date = useDate();
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, FIRST_NOTIFICATIONS);
  return (
    <Section title={t('dashboard.notifications')} testID="dashboard-notifications">
      <Card>
        {shown.map((n) => (
          <View key={n.id} style={styles.note}>
            <View style={styles.rowBetween}>
              <Text variant="label" style={styles.grow}>
                {n.title}
              </Text>
              {n.read ? null : <Badge label={t('dashboard.new')} tone="brand" />}
            </View>
            <Text variant="caption">{n.body}</Text>
            <View style={styles.rowBetween}>
              <Text variant="caption" tone="muted">
                {date(n.created_at)}
              </Text>
              {n.link?.startsWith('/') ? (
                <TextLink href={n.link as Href} variant="caption">
                  {t('dashboard.open')}
                </TextLink>
              ) : null}
            </View>
          </View>
        ))}
        {items.length > FIRST_NOTIFICATIONS ? (
          <View style={styles.start}>
            <Button
              label={
                all
                  ? t('dashboard.fewerNotifications')
                  : t('dashboard.allNotifications', { count: formatNumber(items.length) })
              }
              kind="ghost"
              onPress={() => setAll((a) => !a)}
            />
          </View>
        ) : null}
      </Card>
    </Section>
  );
}

const STAGE_KEYS: Record<string, MessageKey> = {
  created: 'dashboard.stage.created',
  model_ready: 'dashboard.stage.modelReady',
  kit_ready: 'dashboard.stage.kitReady',
  published: 'dashboard.stage.published',
};

export function Drafts({ drafts }: { drafts: DashboardResponse['drafts'] }) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <Section
      title={t('dashboard.drafts')}
      count={drafts.length}
      action={<ButtonLink label={t('dashboard.newDesign')} kind="ghost" href="/create" />}
      testID="dashboard-drafts"
    >
      {drafts.length === 0 ? (
        <Empty>{t('dashboard.noDrafts')}</Empty>
      ) : (
        <View style={styles.rows} role="list">
          {drafts.map((d) => (
            <View key={d.id} role="listitem">
              <LinkBlock
                href={`/create/draft/${d.id}` as Href}
                style={styles.rowCard}
                testID="dashboard-draft"
              >
                {d.artefacts.preview_png_url ? (
                  <Thumb uri={d.artefacts.preview_png_url} />
                ) : (
                  <View style={styles.thumbEmpty} />
                )}
                <View style={styles.rowText}>
                  <Text variant="label">{d.title ?? t('dashboard.untitled')}</Text>
                  <Text variant="caption" tone="muted">
                    {t(d.mode === 'A' ? 'dashboard.modeA' : 'dashboard.modeB')} ·{' '}
                    {t('dashboard.updated', { date: date(d.updated_at) })}
                  </Text>
                  <Badge label={STAGE_KEYS[d.stage] ? t(STAGE_KEYS[d.stage] as MessageKey) : d.stage} />
                </View>
                <Text variant="label" tone="brand">
                  {t('dashboard.continue')}
                </Text>
              </LinkBlock>
            </View>
          ))}
        </View>
      )}
    </Section>
  );
}

export function Published({ listings }: { listings: DashboardResponse['listings'] }) {
  const { t, formatNumber } = useI18n();
  const { layout } = useLayout();
  return (
    <Section title={t('dashboard.published')} count={listings.length} testID="dashboard-published">
      {listings.length === 0 ? (
        <Empty>{t('dashboard.noListings')}</Empty>
      ) : (
        <View style={styles.rows} role="list">
          {listings.map((l) => (
            <View key={l.id} role="listitem" style={styles.rowCard} testID="dashboard-listing">
              <Thumb uri={l.preview_url} />
              <View style={styles.rowText}>
                <TextLink href={`/listing/${l.slug}?from=dashboard` as Href} variant="label">
                  {l.title}
                </TextLink>
                <View style={styles.badges}>
                  <Badge
                    label={t(`dashboard.visibility.${l.visibility as 'public' | 'unlisted' | 'private'}`)}
                  />
                  <Badge
                    label={t(
                      `dashboard.moderation.${l.moderation_state as 'approved' | 'pending' | 'rejected'}`,
                    )}
                    tone={
                      l.moderation_state === 'approved'
                        ? 'success'
                        : l.moderation_state === 'rejected'
                          ? 'danger'
                          : 'warning'
                    }
                  />
                </View>
                <View style={[styles.counts, layout === 'phone' && styles.countsPhone]}>
                  <Count
                    half={layout === 'phone'}
                    label={t('listing.views')}
                    value={formatNumber(l.interest.views)}
                  />
                  <Count
                    half={layout === 'phone'}
                    label={t('listing.saves')}
                    value={formatNumber(l.interest.saves)}
                  />
                  <Count
                    half={layout === 'phone'}
                    label={t('dashboard.reservations')}
                    value={formatNumber(l.interest.reservations)}
                  />
                  <Count
                    half={layout === 'phone'}
                    label={t('dashboard.kits')}
                    value={formatNumber(l.interest.quantity)}
                  />
                </View>
              </View>
            </View>
          ))}
        </View>
      )}
    </Section>
  );
}

function Count({ label, value, half }: { label: string; value: string; half?: boolean }) {
  return (
    <View style={half ? styles.countHalf : styles.count}>
      <Text variant="label">{value}</Text>
      <Text variant="caption" tone="muted">
        {label}
      </Text>
    </View>
  );
}

export function Saved({ saved }: { saved: DashboardResponse['saved'] }) {
  const { t } = useI18n();
  return (
    <Section title={t('dashboard.saved')} count={saved.length} testID="dashboard-saved">
      {saved.length === 0 ? (
        <Empty>
          <Text tone="muted">{t('dashboard.noSaved')}</Text>
          <ButtonLink label={t('home.browseCta')} kind="secondary" href="/gallery" />
        </Empty>
      ) : (
        <CardGrid max={3}>
          {saved.map((listing) => (
            <ListingCard key={listing.id} listing={listing} from="dashboard" />
          ))}
        </CardGrid>
      )}
    </Section>
  );
}

export function Reservations({ reservations }: { reservations: DashboardResponse['reservations'] }) {
  const { t, formatNumber } = useI18n();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  return (
    <Section
      title={t('dashboard.reservationsTitle')}
      count={reservations.active.length}
      testID="dashboard-reservations"
    >
      <Text variant="caption" tone="muted">
        {t('interest.nonBinding')}
      </Text>
      {reservations.active.length === 0 ? (
        <Empty>
          <Text tone="muted">{t('dashboard.noReservations')}</Text>
          <ButtonLink label={t('home.browseCta')} kind="secondary" href="/gallery" />
        </Empty>
      ) : (
        <View style={styles.rows} role="list">
          {reservations.active.map((r) => (
            <ReservationRow key={r.id} reservation={r} onCancel={() => setCancelling(r)} />
          ))}
        </View>
      )}
      {reservations.cancelled.length ? (
        <View style={styles.rows}>
          <View style={styles.start}>
            <Button
              label={
                showCancelled
                  ? t('dashboard.hideCancelled')
                  : t('dashboard.showCancelled', { count: formatNumber(reservations.cancelled.length) })
              }
              kind="ghost"
              onPress={() => setShowCancelled((s) => !s)}
              testID="dashboard-toggle-cancelled"
            />
          </View>
          {showCancelled ? (
            <View style={styles.rows} role="list" testID="dashboard-cancelled">
              {reservations.cancelled.map((r) => (
                <ReservationRow key={r.id} reservation={r} />
              ))}
            </View>
          ) : null}
        </View>
      ) : null}
      <CancelReservationSheet
        reservationId={cancelling?.id ?? null}
        listingTitle={cancelling?.listing.title ?? ''}
        onClose={() => setCancelling(null)}
      />
    </Section>
  );
}

function ReservationRow({ reservation: r, onCancel }: { reservation: Reservation; onCancel?: () => void }) {
  const { t, locale, formatNumber } = useI18n();
  const date = useDate();
  const active = r.status === 'active';
  return (
    <View role="listitem" style={styles.rowCard} testID="dashboard-reservation">
      <Thumb uri={r.listing.preview_url} />
      <View style={styles.rowText}>
        <TextLink href={`/listing/${r.listing.slug}?from=dashboard` as Href} variant="label">
          {r.listing.title}
        </TextLink>
        <Text variant="caption" tone="muted">
          {t('common.designedBy', { name: r.listing.designer.display_name })}
        </Text>
        <Text variant="caption">
          {t('reserve.summary', {
            count: formatNumber(r.quantity),
            use: intendedUseLabel(t, r.intended_use),
            country: countryName(locale, r.jurisdiction),
          })}
        </Text>
        <View style={styles.badges}>
          <Badge
            label={active ? t('dashboard.active') : t('dashboard.cancelled')}
            tone={active ? 'success' : 'neutral'}
          />
          <Text variant="caption" tone="muted">
            {active
              ? t('dashboard.reservedOn', { date: date(r.refreshed_at) })
              : t('dashboard.cancelledOn', { date: date(r.cancelled_at ?? r.refreshed_at) })}
          </Text>
        </View>
        {!active && r.cancellation_reason ? (
          <Text variant="caption" tone="muted" testID="reservation-reason">
            {t('dashboard.reason', { reason: r.cancellation_reason })}
          </Text>
        ) : null}
      </View>
      {active && onCancel ? (
        <Button
          label={t('dashboard.cancelReservation')}
          kind="ghost"
          onPress={onCancel}
          testID="reservation-cancel"
        />
      ) : null}
    </View>
  );
}

const SUPPORT_STATUS: Record<string, MessageKey> = {
  open: 'dashboard.supportStatus.open',
  waiting_on_staff: 'dashboard.supportStatus.waitingOnStaff',
  waiting_on_requester: 'dashboard.supportStatus.waitingOnYou',
  resolved: 'dashboard.supportStatus.resolved',
  closed: 'dashboard.supportStatus.closed',
};

export function Support({ support }: { support: DashboardResponse['support'] }) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <Section
      title={t('dashboard.support')}
      action={<ButtonLink label={t('dashboard.contactSupport')} kind="ghost" href="/help/support" />}
      testID="dashboard-support"
    >
      {support.conversations.length === 0 ? (
        <Empty>{t('dashboard.noSupport')}</Empty>
      ) : (
        <View style={styles.rows} role="list">
          {support.conversations.map((c) => (
            <View key={c.id} role="listitem" style={styles.rowCard}>
              <View style={styles.rowText}>
                <Text variant="label">{c.subject}</Text>
                <Text variant="caption" tone="muted">
                  {t('dashboard.openedOn', { date: date(c.created_at) })}
                </Text>
              </View>
              <Badge
                label={SUPPORT_STATUS[c.status] ? t(SUPPORT_STATUS[c.status] as MessageKey) : c.status}
                tone={
                  c.status === 'waiting_on_requester'
                    ? 'warning'
                    : c.status === 'resolved' || c.status === 'closed'
                      ? 'success'
                      : 'brand'
                }
              />
            </View>
          ))}
        </View>
      )}
      {support.contact ? (
        <Text variant="caption" tone="muted">
          {t('dashboard.supportContact', { contact: support.contact })}
        </Text>
      ) : null}
    </Section>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.md },
  sectionHead: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space.sm,
  },
  sectionTitle: { flexShrink: 1 },
  empty: {
    padding: space.lg,
    gap: space.md,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderStyle: 'dashed',
    borderColor: colors.line,
    alignItems: 'flex-start',
  },
  tiles: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  tile: {
    flexGrow: 1,
    flexBasis: 140,
    padding: space.lg,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  rows: { gap: space.sm },
  rowCard: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.md,
    padding: space.md,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  rowText: { flex: 1, minWidth: 180, gap: 2 },
  thumb: {
    width: 72,
    borderRadius: radius.sm,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.surfaceMuted,
  },
  thumbEmpty: { width: 72, height: 63, borderRadius: radius.sm, backgroundColor: colors.surfaceMuted },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs, alignItems: 'center', marginTop: 2 },
  counts: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg, marginTop: space.xs },
  countsPhone: { columnGap: 0, rowGap: space.sm },
  countHalf: { width: '50%' },
  count: { minWidth: 56 },
  note: { gap: 2, paddingBottom: space.sm, borderBottomWidth: 1, borderBottomColor: colors.surfaceMuted },
  rowBetween: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', gap: space.sm },
  grow: { flex: 1 },
  start: { alignItems: 'flex-start' },
});
