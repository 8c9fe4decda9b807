/**
 * /admin/moderation (staff): listings waiting for a moderator, oldest first — held by the
 * automatic checks, reported, hidden by reports, or appealed — each with its picture, designer,
 * flags and open reports; filters by why it waits and by report reason; "show more" pages on.
 */

// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { ModerationItem } from '@kitwright/contracts';
import { MODERATION_QUEUE_KINDS, REPORT_REASONS } from '@kitwright/contracts/constants';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Card, EmptyState, LinkBlock, Loading, Picture, Select, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { type ModerationFilters, useModerationQueue } from '../../state/queries/moderation';
import { formatDate } from '../account/dates';
import { AdminFrame } from '../admin/admin-frame';
import { ShowMore } from '../admin/show-more';
import { ProblemNotice } from '../discover/problem-notice';
import { label, MODERATION_STATE, QUEUE_KIND, REPORT_REASON } from './labels';

export function ModerationQueueScreen() {
  const { t } = useI18n();
  const [kind, setKind] = useState('');
  const [reason, setReason] = useState('');
  const filters = {
    ...(kind ? { kind } : {}),
    ...(reason ? { reason } : {}),
  } as ModerationFilters;
  const queue = useModerationQueue(filters);
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const any = { value: '', label: t('staff.filter.any') };
  return (
    <AdminFrame needs="staff" title="staff.mod.title" section="/admin/moderation" testID="staff-moderation">
      <Text tone="muted">{t('staff.mod.intro')}</Text>
      <View role="group" aria-label={t('staff.filter.title')} style={styles.filters}>
        <View style={styles.filter}>
          <Select
            label={t('staff.mod.filter.kind')}
            value={kind}
            onChange={setKind}
            options={[
              any,
              ...MODERATION_QUEUE_KINDS.map((k) => ({ value: k, label: label(t, QUEUE_KIND, k) })),
            ]}
            placeholder={t('staff.filter.any')}
            closeLabel={t('common.close')}
            testID="filter-kind"
          />
        </View>
        <View style={styles.filter}>
          <Select
            label={t('staff.mod.filter.reason')}
            value={reason}
            onChange={setReason}
            options={[any, ...REPORT_REASONS.map((r) => ({ value: r, label: label(t, REPORT_REASON, r) }))]}
            placeholder={t('staff.filter.any')}
            closeLabel={t('common.close')}
            testID="filter-reason"
          />
        </View>
      </View>
      {queue.isPending ? (
        <Loading label={t('staff.mod.loading')} />
      ) : queue.isError && !queue.data ? (
        <ProblemNotice error={queue.error} onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('staff.mod.empty')} body={t('staff.mod.emptyBody')} />
      ) : (
        <View role="list" style={styles.list} testID="moderation-queue">
          {items.map((item) => (
            <QueueRow key={item.listing.id} item={item} />
          ))}
        </View>
      )}
      <ShowMore pages={queue} label={t('staff.showMore')} testID="moderation-queue-more" />
    </AdminFrame>
  );
}

function QueueRow({ item }: { item: ModerationItem }) {
  const { t, locale } = useI18n();
  const { listing } = item;
  return (
    <View role="listitem">
      <LinkBlock href={`/admin/moderation/${listing.id}` as Href} testID="moderation-queue-item">
        <Card>
          <View style={styles.item}>
            <Picture uri={listing.preview_url} alt="" width={96} height={72} lazy style={styles.thumb} />
            <View style={styles.text}>
              <Text variant="h3" tone="brand">
                {listing.title}
              </Text>
              <Text variant="caption" tone="muted">
                {t('staff.mod.by', { name: listing.owner.display_name })}
              </Text>
              <View style={styles.row}>
                {item.queue ? (
                  <Badge
                    label={label(t, QUEUE_KIND, item.queue.kind)}
                    tone={item.queue.kind === 'review' ? 'brand' : 'danger'}
                  />
                ) : null}
                <Badge label={label(t, MODERATION_STATE, listing.moderation_state)} />
                {item.flags.length ? (
                  <Badge label={t('staff.mod.flagCount', { count: item.flags.length })} tone="warning" />
                ) : null}
                {item.report_counts.open ? (
                  <Badge
                    label={t('staff.mod.reportCount', { count: item.report_counts.open })}
                    tone="warning"
                  />
                ) : null}
              </View>
              {item.queue ? (
                <Text variant="caption" tone="muted">
                  {t('staff.mod.queuedAt', {
                    date: formatDate(item.queue.queued_at, locale, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  })}
                </Text>
              ) : null}
            </View>
          </View>
        </Card>
      </LinkBlock>
    </View>
  );
}

const styles = StyleSheet.create({
  filters: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md, marginVertical: space.md },
  filter: { flexGrow: 1, flexBasis: 200, maxWidth: '100%' },
  list: { gap: space.md },
  item: { flexDirection: 'row', gap: space.md, alignItems: 'flex-start' },
  thumb: { width: 96, borderRadius: 6 },
  text: { flex: 1, minWidth: 0, gap: space.xs },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
});
