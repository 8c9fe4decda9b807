/**
 * /admin/moderation/<listingId> (staff): one listing under moderation — its picture, title and
 * designer, why it waits, the automatic flags with the text that caused them, the reports (each
 * linking to the support conversation it was made in), appeals, the decision history, and the
 * decisions its state allows (approve, hide, restore, request changes, reject), with the reason
 * the owner reads.
 */
// The staff tools' strings load with their screens, not with the first page.
import { QueryView } from '../admin/query-view';
import '../../i18n/staff-messages';
import type { ModerationItem } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  Card,
  ChoiceGroup,
  colors,
  Input,
  Notice,
  Picture,
  radius,
  space,
  Text,
  TextLink,
} from '../../design';
import { useI18n } from '../../i18n';
import { useDecideModeration, useModerationItem } from '../../state/queries/moderation';
import { formatDate } from '../account/dates';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { AdminFrame } from '../admin/admin-frame';
import { ACTION, label, MODERATION_STATE, QUEUE_KIND, REPORT_REASON } from './labels';

type Action = 'approve' | 'reject' | 'hide' | 'restore' | 'request_changes';

/** The decisions each state allows (the server's state machine, docs/decisions.md). */
const ALLOWED: Record<string, readonly Action[]> = {
  pending: ['approve', 'hide', 'request_changes', 'reject'],
  approved: ['hide', 'request_changes', 'reject'],
  hidden: ['restore', 'request_changes', 'reject'],
  changes_requested: ['approve', 'reject'],
  rejected: ['approve'],
};
/** The longest reason the server takes (MODERATION_REASON_MAX_LENGTH of the contracts). */
const REASON_MAX_LENGTH = 2000;
/** These need the reason the owner reads. */
const NEEDS_REASON: readonly Action[] = ['reject', 'hide', 'request_changes'];

function single(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 64 ? v : '';
}

export function ModerationItemScreen() {
  const { t } = useI18n();
  const params = useLocalSearchParams<{ listingId: string }>();
  const listingId = single(params.listingId);
  const item = useModerationItem(listingId);
  return (
    <AdminFrame
      needs="staff"
      title="staff.mod.itemTitle"
      section="/admin/moderation"
      testID="staff-moderation-item"
    >
      <SmallLink href="/admin/moderation" label={t('staff.mod.back')} />
      <QueryView query={item} loading={t('staff.mod.loadingItem')} missing={t('staff.mod.missing')}>
        {(data) => <Item item={data} />}
      </QueryView>
    </AdminFrame>
  );
}

function Item({ item }: { item: ModerationItem }) {
  const { t, locale } = useI18n();
  const { listing } = item;
  const when = (v: string) => formatDate(v, locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <View style={styles.page}>
      <View style={styles.columns}>
        <View style={styles.main}>
          <Card>
            <Picture
              uri={listing.preview_url}
              alt={listing.title}
              width={4}
              height={3}
              style={styles.picture}
            />
            <Text variant="h2" testID="moderation-listing-title">
              {listing.title}
            </Text>
            <Text tone="muted">
              {t('staff.mod.by', { name: `${listing.owner.display_name} (@${listing.owner.username})` })}
            </Text>
            <View style={styles.row}>
              <Badge
                label={label(t, MODERATION_STATE, listing.moderation_state)}
                tone={listing.moderation_state === 'approved' ? 'success' : 'warning'}
                testID="moderation-state"
              />
              {item.queue ? <Badge label={label(t, QUEUE_KIND, item.queue.kind)} tone="danger" /> : null}
              {listing.state === 'unpublished' ? <Badge label={t('staff.mod.unpublished')} /> : null}
            </View>
            <Text variant="caption" tone="muted">
              {[
                t('staff.mod.published', { date: when(listing.published_at) }),
                t('staff.mod.reservations', { count: listing.active_reservations }),
                item.queue
                  ? t('staff.mod.queuedAt', { date: when(item.queue.queued_at) })
                  : t('staff.mod.notQueued'),
              ].join(' · ')}
            </Text>
            {listing.moderation_state === 'approved' && listing.state === 'published' ? (
              <TextLink href={`/listing/${listing.slug}` as Href}>{t('staff.mod.openListing')}</TextLink>
            ) : null}
          </Card>
          <Flags item={item} />
          <Reports item={item} />
        </View>
        <View style={styles.side}>
          <Decide item={item} />
          <History item={item} />
        </View>
      </View>
    </View>
  );
}

function Flags({ item }: { item: ModerationItem }) {
  const { t } = useI18n();
  return (
    <Card testID="moderation-flags">
      <Text variant="h2">{t('staff.mod.flags')}</Text>
      {item.flags.length === 0 ? (
        <Text tone="muted">{t('staff.mod.noFlags')}</Text>
      ) : (
        <View role="list" style={styles.list}>
          {item.flags.map((f) => (
            <View role="listitem" key={`${f.code}:${f.excerpt ?? ''}`} style={styles.entry}>
              <Text variant="label">{f.message}</Text>
              {f.excerpt ? (
                <Text style={styles.excerpt}>{t('staff.mod.excerpt', { text: f.excerpt })}</Text>
              ) : null}
              <Text variant="caption" tone="muted">
                {f.code}
              </Text>
            </View>
          ))}
        </View>
      )}
    </Card>
  );
}

function Reports({ item }: { item: ModerationItem }) {
  const { t, locale } = useI18n();
  const counts = item.report_counts;
  return (
    <Card testID="moderation-reports">
      <Text variant="h2">{t('staff.mod.reports')}</Text>
      <Text variant="caption" tone="muted">
        {t('staff.mod.reportSummary', {
          open: counts.open,
          total: counts.total,
          networks: counts.open_networks,
        })}
      </Text>
      {item.reports.length === 0 ? (
        <Text tone="muted">{t('staff.mod.noReports')}</Text>
      ) : (
        <View role="list" style={styles.list}>
          {item.reports.map((r) => (
            <View role="listitem" key={r.id} style={styles.entry} testID="moderation-report">
              <View style={styles.row}>
                <Text variant="label">{label(t, REPORT_REASON, r.reason)}</Text>
                <Badge
                  label={r.open ? t('staff.mod.reportOpen') : t('staff.mod.reportSettled')}
                  tone={r.open ? 'warning' : 'neutral'}
                />
                <Text variant="caption" tone="muted">
                  {`${t(`staff.mod.reporter.${r.reporter_kind}`)} · ${formatDate(r.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}`}
                </Text>
              </View>
              <Text style={styles.excerpt}>{r.message}</Text>
              {r.conversation_id ? (
                <TextLink href={`/admin/support/${r.conversation_id}` as Href} variant="caption">
                  {t('staff.mod.openConversation')}
                </TextLink>
              ) : null}
            </View>
          ))}
        </View>
      )}
      {item.appeals.length ? (
        <View style={styles.list}>
          <Text variant="h3">{t('staff.mod.appeals')}</Text>
          {item.appeals.map((a) => (
            <View key={a.id} style={styles.entry}>
              <Text style={styles.excerpt}>{a.message}</Text>
              <Text variant="caption" tone="muted">
                {`${formatDate(a.created_at, locale, { dateStyle: 'medium' })} · ${a.answered_by ? t('staff.mod.appealAnswered') : t('staff.mod.appealOpen')}`}
              </Text>
              {a.conversation_id ? (
                <TextLink href={`/admin/support/${a.conversation_id}` as Href} variant="caption">
                  {t('staff.mod.openConversation')}
                </TextLink>
              ) : null}
            </View>
          ))}
        </View>
      ) : null}
    </Card>
  );
}

function History({ item }: { item: ModerationItem }) {
  const { t, locale } = useI18n();
  return (
    <Card testID="moderation-history">
      <Text variant="h2">{t('staff.mod.history')}</Text>
      {item.decisions.length === 0 ? (
        <Text tone="muted">{t('staff.mod.noDecisions')}</Text>
      ) : (
        <View role="list" style={styles.list}>
          {item.decisions.map((d) => (
            <View role="listitem" key={d.id} style={styles.entry} testID="moderation-decision">
              <Text variant="label">
                {t('staff.mod.decision', {
                  action: label(t, ACTION, d.action),
                  from: label(t, MODERATION_STATE, d.from_state),
                  to: label(t, MODERATION_STATE, d.to_state),
                })}
              </Text>
              {d.reason ? <Text style={styles.excerpt}>{d.reason}</Text> : null}
              <Text variant="caption" tone="muted">
                {`${d.moderator?.display_name ?? t('staff.mod.automatic')} · ${formatDate(d.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}`}
              </Text>
            </View>
          ))}
        </View>
      )}
    </Card>
  );
}

function Decide({ item }: { item: ModerationItem }) {
  const { t } = useI18n();
  const decide = useDecideModeration(item.listing.id);
  const state = item.listing.moderation_state;
  // Approving an approved listing dismisses its reports: only while it waits in the queue.
  const choices: readonly Action[] =
    state === 'approved' && item.queue ? ['approve', ...(ALLOWED.approved ?? [])] : (ALLOWED[state] ?? []);
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const needsReason = action !== null && NEEDS_REASON.includes(action);

  async function submit() {
    if (!action) return;
    setDone(null);
    if (needsReason && !reason.trim()) {
      setError(t('staff.mod.reasonRequired'));
      return;
    }
    setError(null);
    try {
      const next = await decide.mutateAsync({ action, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      setDone(t('staff.mod.decided', { state: label(t, MODERATION_STATE, next.listing.moderation_state) }));
      setAction(null);
      setReason('');
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { reason: 'field.required' });
      setError(fields.reason ?? errorText(t, err));
    }
  }

  return (
    <Card testID="moderation-decide">
      <Text variant="h2">{t('staff.mod.decide')}</Text>
      {choices.length === 0 ? (
        <Text tone="muted">{t('staff.mod.nothingToDecide')}</Text>
      ) : (
        <>
          <ChoiceGroup
            label={t('staff.mod.action')}
            value={action}
            onChange={(a) => {
              setAction(a);
              setError(null);
            }}
            choices={choices.map((a) => ({
              value: a,
              label: label(t, ACTION, a),
              description: t(`staff.mod.actionHelp.${a}`),
            }))}
            testID="moderation-action"
          />
          <Input
            label={needsReason ? t('staff.mod.reason') : t('staff.mod.reasonOptional')}
            help={t('staff.mod.reasonHelp')}
            value={reason}
            onChangeText={setReason}
            multiline
            maxLength={REASON_MAX_LENGTH}
            error={error}
            testID="moderation-reason"
          />
          <Button
            label={
              action
                ? t('staff.mod.confirm', { action: label(t, ACTION, action) })
                : t('staff.mod.chooseFirst')
            }
            onPress={() => void submit()}
            disabled={!action}
            busy={decide.isPending}
            kind={action === 'approve' || action === 'restore' ? 'primary' : 'danger'}
            full
            testID="moderation-submit"
          />
        </>
      )}
      {done ? (
        <Notice tone="success" testID="moderation-done">
          {done}
        </Notice>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  columns: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg, alignItems: 'flex-start' },
  main: { flexGrow: 2, flexBasis: 340, minWidth: 0, maxWidth: '100%', gap: space.lg },
  side: { flexGrow: 1, flexBasis: 280, minWidth: 0, maxWidth: '100%', gap: space.lg },
  picture: { width: '100%', maxWidth: 520, borderRadius: radius.md },
  list: { gap: space.md, marginTop: space.sm },
  entry: { gap: 2, borderLeftWidth: 3, borderLeftColor: colors.line, paddingLeft: space.sm },
  excerpt: { whiteSpace: 'pre-wrap' } as object,
});
