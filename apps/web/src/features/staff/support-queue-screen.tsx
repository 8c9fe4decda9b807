/**
 * /admin/support (staff): the support queue, soonest first-response due time first, each ticket
 * with its timer in words and colour (time left, or overdue), its status, priority and who has
 * it; filters by status, category, priority, assignee and timer; "show more" pages on.
 */

// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { SupportTicket } from '@kitwright/contracts';
import { SUPPORT_CATEGORIES } from '@kitwright/contracts/constants';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Card, EmptyState, LinkBlock, Loading, Select, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { type StaffQueueFilters, useSupportQueue } from '../../state/queries/staff-support';
import { formatDate } from '../account/dates';
import { AdminFrame } from '../admin/admin-frame';
import { ShowMore } from '../admin/show-more';
import { ProblemNotice } from '../discover/problem-notice';
import { categoryLabel, label, PRIORITY, statusTone, TICKET_STATUS } from './labels';
import { slaView } from './sla';
import { useNow } from './use-now';

type Filter = 'status' | 'category' | 'priority' | 'assignee' | 'sla';
const ANY = '';

export function SupportQueueScreen() {
  const { t } = useI18n();
  const [filters, setFilters] = useState<Record<Filter, string>>({
    status: ANY,
    category: ANY,
    priority: ANY,
    assignee: ANY,
    sla: ANY,
  });
  const query: StaffQueueFilters = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== ANY),
  ) as StaffQueueFilters;
  const queue = useSupportQueue(query);
  const set = (name: Filter) => (value: string) => setFilters((f) => ({ ...f, [name]: value }));
  const any = { value: ANY, label: t('staff.filter.any') };
  const common = { placeholder: t('staff.filter.any'), closeLabel: t('common.close') };
  const tickets = queue.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <AdminFrame needs="staff" title="staff.support.title" section="/admin/support" testID="staff-support">
      <Text tone="muted">{t('staff.support.intro')}</Text>
      <View role="group" aria-label={t('staff.filter.title')} style={styles.filters}>
        <View style={styles.filter}>
          <Select
            {...common}
            label={t('staff.filter.status')}
            value={filters.status}
            onChange={set('status')}
            options={[
              any,
              ...Object.keys(TICKET_STATUS).map((s) => ({ value: s, label: label(t, TICKET_STATUS, s) })),
            ]}
            testID="filter-status"
          />
        </View>
        <View style={styles.filter}>
          <Select
            {...common}
            label={t('staff.filter.sla')}
            value={filters.sla}
            onChange={set('sla')}
            options={[
              any,
              { value: 'overdue', label: t('staff.filter.sla.overdue') },
              { value: 'due', label: t('staff.filter.sla.due') },
              { value: 'met', label: t('staff.filter.sla.met') },
              { value: 'breached', label: t('staff.filter.sla.breached') },
            ]}
            testID="filter-sla"
          />
        </View>
        <View style={styles.filter}>
          <Select
            {...common}
            label={t('staff.filter.assignee')}
            value={filters.assignee}
            onChange={set('assignee')}
            options={[
              any,
              { value: 'me', label: t('staff.filter.assignee.me') },
              { value: 'unassigned', label: t('staff.filter.assignee.unassigned') },
            ]}
            testID="filter-assignee"
          />
        </View>
        <View style={styles.filter}>
          <Select
            {...common}
            label={t('staff.filter.category')}
            value={filters.category}
            onChange={set('category')}
            options={[any, ...SUPPORT_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) }))]}
            testID="filter-category"
          />
        </View>
        <View style={styles.filter}>
          <Select
            {...common}
            label={t('staff.filter.priority')}
            value={filters.priority}
            onChange={set('priority')}
            options={[any, ...Object.keys(PRIORITY).map((p) => ({ value: p, label: label(t, PRIORITY, p) }))]}
            testID="filter-priority"
          />
        </View>
      </View>

      {queue.isPending ? (
        <Loading label={t('staff.support.loading')} />
      ) : queue.isError && !queue.data ? (
        <ProblemNotice error={queue.error} onRetry={() => void queue.refetch()} />
      ) : tickets.length === 0 ? (
        <EmptyState title={t('staff.support.empty')} body={t('staff.support.emptyBody')} />
      ) : (
        <View role="list" style={styles.list} testID="support-queue">
          {tickets.map((ticket) => (
            <QueueRow key={ticket.id} ticket={ticket} />
          ))}
        </View>
      )}
      <ShowMore pages={queue} label={t('staff.showMore')} testID="support-queue-more" />
    </AdminFrame>
  );
}

function QueueRow({ ticket }: { ticket: SupportTicket }) {
  const { t, locale } = useI18n();
  const now = useNow();
  const sla = slaView(t, ticket, now);
  const who =
    ticket.requester.contact_email ??
    (ticket.requester.visitor ? t('staff.requester.visitor') : t('staff.requester.account'));
  return (
    <View role="listitem">
      <LinkBlock href={`/admin/support/${ticket.id}` as Href} testID="support-queue-item">
        <Card>
          <Text variant="h3" tone="brand">
            {ticket.subject}
          </Text>
          <View style={styles.row}>
            <Badge label={label(t, TICKET_STATUS, ticket.status)} tone={statusTone(ticket.status)} />
            {sla ? <Badge label={sla.text} tone={sla.tone} testID="support-queue-sla" /> : null}
            {ticket.priority !== 'normal' ? (
              <Badge
                label={label(t, PRIORITY, ticket.priority)}
                tone={ticket.priority === 'urgent' || ticket.priority === 'high' ? 'danger' : 'neutral'}
              />
            ) : null}
          </View>
          <Text variant="caption" tone="muted">
            {[
              categoryLabel(t, ticket.category),
              who,
              ticket.assignee
                ? t('staff.support.assignedTo', { name: ticket.assignee.display_name })
                : t('staff.support.unassigned'),
              t('staff.support.opened', {
                date: formatDate(ticket.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' }),
              }),
            ].join(' · ')}
          </Text>
        </Card>
      </LinkBlock>
    </View>
  );
}

const styles = StyleSheet.create({
  filters: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md, marginVertical: space.md },
  filter: { flexGrow: 1, flexBasis: 170, maxWidth: '100%' },
  list: { gap: space.md },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
});
