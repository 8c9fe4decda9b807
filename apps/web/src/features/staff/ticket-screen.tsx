/**
 * /admin/support/<id> (staff; the server's staff emails link here): one ticket — its timer,
 * status and priority, the requester and what they ask about (only what the API lets staff
 * see), the thread with internal notes clearly marked, and the actions: reply to the requester,
 * add an internal note (never sent), assign (to me, to a colleague, or nobody), change the
 * status or the priority.
 */
// The staff tools' strings load with their screens, not with the first page.
import { QueryView } from '../admin/query-view';
import '../../i18n/staff-messages';
import type { SupportTicketDetail } from '@kitwright/contracts';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@kitwright/contracts/constants';
import type { Href } from 'expo-router';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import {
  Badge,
  Button,
  Card,
  ChoiceGroup,
  colors,
  Input,
  Notice,
  radius,
  Select,
  space,
  Text,
  TextLink,
} from '../../design';
import { useI18n } from '../../i18n';
import { useSupportStaff, useSupportTicket, useTicketAction } from '../../state/queries/staff-support';
import { formatDate } from '../account/dates';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { AdminFrame } from '../admin/admin-frame';
import { categoryLabel, label, MODERATION_STATE, PRIORITY, statusTone, TICKET_STATUS } from './labels';
import { slaView } from './sla';
import { useNow } from './use-now';

type Message = SupportTicketDetail['messages'][number];
type Person = NonNullable<SupportTicketDetail['assignee']>;

function single(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 64 ? v : '';
}

export function TicketScreen() {
  const { t } = useI18n();
  const params = useLocalSearchParams<{ id: string }>();
  const id = single(params.id);
  const ticket = useSupportTicket(id);
  return (
    <AdminFrame needs="staff" title="staff.ticket.title" section="/admin/support" testID="staff-ticket">
      <SmallLink href="/admin/support" label={t('staff.ticket.back')} />
      <QueryView query={ticket} loading={t('staff.ticket.loading')} missing={t('staff.ticket.missing')}>
        {(data) => <Ticket ticket={data} />}
      </QueryView>
    </AdminFrame>
  );
}

function Ticket({ ticket }: { ticket: SupportTicketDetail }) {
  const { t, locale } = useI18n();
  const now = useNow();
  const sla = slaView(t, ticket, now);
  return (
    <View style={styles.page}>
      <View style={styles.head}>
        <Text variant="h2" testID="ticket-subject">
          {ticket.subject}
        </Text>
        <View style={styles.row}>
          <Badge
            label={label(t, TICKET_STATUS, ticket.status)}
            tone={statusTone(ticket.status)}
            testID="ticket-status"
          />
          {sla ? <Badge label={sla.text} tone={sla.tone} testID="ticket-sla" /> : null}
          <Badge label={label(t, PRIORITY, ticket.priority)} />
        </View>
        <Text variant="caption" tone="muted">
          {[
            categoryLabel(t, ticket.category),
            t('staff.ticket.opened', {
              date: formatDate(ticket.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' }),
            }),
            t('staff.ticket.due', {
              date: formatDate(ticket.first_response_due_at, locale, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            }),
            t('staff.ticket.reference', { ref: ticket.id }),
          ].join(' · ')}
        </Text>
        {ticket.translation_summary ? <Text tone="muted">{ticket.translation_summary}</Text> : null}
      </View>
      <View style={styles.columns}>
        <View style={styles.main}>
          <Thread ticket={ticket} />
          <Compose ticket={ticket} />
        </View>
        <View style={styles.side}>
          <Manage ticket={ticket} />
          <Context ticket={ticket} />
        </View>
      </View>
    </View>
  );
}

function Thread({ ticket }: { ticket: SupportTicketDetail }) {
  const { t } = useI18n();
  return (
    <View style={styles.section}>
      <Text variant="h2">{t('staff.thread.title')}</Text>
      <View role="list" style={styles.messages} testID="ticket-messages">
        {ticket.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </View>
    </View>
  );
}

function MessageItem({ message }: { message: Message }) {
  const { t, locale } = useI18n();
  const [original, setOriginal] = useState(false);
  const who =
    message.author_role === 'requester'
      ? t('staff.thread.requester')
      : message.author_role === 'staff'
        ? (message.author?.display_name ?? t('staff.thread.staff'))
        : t('staff.thread.system');
  const translated = message.translation?.status === 'translated' ? message.translation.body : null;
  return (
    <View
      role="listitem"
      style={[
        styles.message,
        message.internal ? styles.note : message.author_role === 'requester' ? styles.theirs : styles.ours,
      ]}
      testID={message.internal ? 'ticket-note' : `ticket-message-${message.author_role}`}
    >
      <View style={styles.row}>
        <Text variant="label">{who}</Text>
        {message.internal ? <Badge label={t('staff.thread.internal')} tone="warning" /> : null}
        <Text variant="caption" tone="muted">
          {formatDate(message.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      </View>
      <Text style={styles.body}>{translated && !original ? translated : message.body}</Text>
      {translated ? (
        <Button
          label={original ? t('staff.thread.showTranslation') : t('staff.thread.showOriginal')}
          kind="ghost"
          size="sm"
          onPress={() => setOriginal((v) => !v)}
        />
      ) : null}
      {message.attachments.length ? (
        <Text variant="caption" tone="muted">
          {t('staff.thread.attached', {
            names: message.attachments.map((a) => a.original_name ?? a.format).join(', '),
          })}
        </Text>
      ) : null}
    </View>
  );
}

function Compose({ ticket }: { ticket: SupportTicketDetail }) {
  const { t } = useI18n();
  const action = useTicketAction(ticket.id);
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const closed = ticket.status === 'closed';

  async function send() {
    setSent(null);
    if (!text.trim()) {
      setError(t('field.required'));
      return;
    }
    setError(null);
    try {
      await action.mutateAsync({ kind: 'reply', body: { message: text.trim(), internal: mode === 'note' } });
      setText('');
      setSent(mode === 'note' ? t('staff.compose.noteAdded') : t('staff.compose.replySent'));
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { message: 'field.required' });
      setError(fields.message ?? errorText(t, err));
    }
  }

  return (
    <Card testID="ticket-compose">
      <Text variant="h2">{t('staff.compose.title')}</Text>
      <ChoiceGroup
        label={t('staff.compose.kind')}
        look="pills"
        value={mode}
        onChange={(v) => {
          setMode(v);
          setSent(null);
        }}
        choices={[
          { value: 'reply', label: t('staff.compose.reply') },
          { value: 'note', label: t('staff.compose.note') },
        ]}
        testID="ticket-compose-kind"
      />
      {mode === 'note' ? (
        <Notice tone="warning">{t('staff.compose.noteHelp')}</Notice>
      ) : closed ? (
        <Notice tone="info">{t('staff.compose.closed')}</Notice>
      ) : (
        <Text variant="caption" tone="muted">
          {t('staff.compose.replyHelp')}
        </Text>
      )}
      <Input
        label={mode === 'note' ? t('staff.compose.noteLabel') : t('staff.compose.replyLabel')}
        value={text}
        onChangeText={setText}
        multiline
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        error={error}
        testID="ticket-compose-text"
      />
      <Button
        label={mode === 'note' ? t('staff.compose.addNote') : t('staff.compose.send')}
        kind={mode === 'note' ? 'secondary' : 'primary'}
        onPress={() => void send()}
        busy={action.isPending}
        disabled={mode === 'reply' && closed}
        full
        testID="ticket-compose-send"
      />
      {sent ? (
        <Notice tone="success" testID="ticket-compose-done">
          {sent}
        </Notice>
      ) : null}
    </Card>
  );
}

const NOBODY = 'nobody';

function Manage({ ticket }: { ticket: SupportTicketDetail }) {
  const { t } = useI18n();
  const me = useSessionUser();
  const action = useTicketAction(ticket.id);
  const [error, setError] = useState<string | null>(null);
  // Every colleague it can go to, and whoever holds it now (even if no longer staff).
  const team = useSupportStaff();
  const people = new Map<string, Person>();
  if (ticket.assignee) people.set(ticket.assignee.id, ticket.assignee);
  for (const p of team.data?.items ?? []) people.set(p.id, p);
  if (me) people.set(me.id, { id: me.id, username: me.username, display_name: me.display_name });

  async function change(body: Parameters<typeof action.mutateAsync>[0]) {
    setError(null);
    try {
      await action.mutateAsync(body);
    } catch (err) {
      setError(errorText(t, err));
    }
  }
  const closed = ticket.status === 'closed';
  const statuses = ['waiting_on_staff', 'waiting_on_requester', 'resolved', 'closed'] as const;

  return (
    <Card testID="ticket-manage">
      <Text variant="h2">{t('staff.manage.title')}</Text>
      <Text testID="ticket-assignee">
        {ticket.assignee
          ? t('staff.manage.assignedTo', {
              name: ticket.assignee.id === me?.id ? t('staff.manage.you') : ticket.assignee.display_name,
            })
          : t('staff.support.unassigned')}
      </Text>
      <View style={styles.row}>
        {me && ticket.assignee?.id !== me.id ? (
          <Button
            label={t('staff.manage.assignMe')}
            kind="secondary"
            size="sm"
            onPress={() => void change({ kind: 'change', change: { assignee_id: me.id } })}
            testID="ticket-assign-me"
          />
        ) : null}
      </View>
      <Select
        label={t('staff.manage.assignee')}
        value={ticket.assignee?.id ?? NOBODY}
        onChange={(v) => void change({ kind: 'change', change: { assignee_id: v === NOBODY ? null : v } })}
        options={[
          { value: NOBODY, label: t('staff.support.unassigned') },
          ...[...people.values()].map((p) => ({ value: p.id, label: `${p.display_name} (@${p.username})` })),
        ]}
        placeholder={t('staff.support.unassigned')}
        closeLabel={t('common.close')}
        testID="ticket-assignee-select"
      />
      {closed ? (
        <Notice tone="info">{t('staff.manage.closedFinal')}</Notice>
      ) : (
        <ChoiceGroup
          label={t('staff.manage.status')}
          value={
            (statuses as readonly string[]).includes(ticket.status)
              ? (ticket.status as (typeof statuses)[number])
              : null
          }
          onChange={(status) => void change({ kind: 'change', change: { status } })}
          choices={statuses.map((s) => ({ value: s, label: label(t, TICKET_STATUS, s) }))}
          testID="ticket-status-choice"
        />
      )}
      <ChoiceGroup
        label={t('staff.manage.priority')}
        look="pills"
        value={ticket.priority as 'low' | 'normal' | 'high' | 'urgent'}
        onChange={(priority) => void change({ kind: 'change', change: { priority } })}
        choices={(['low', 'normal', 'high', 'urgent'] as const).map((p) => ({
          value: p,
          label: label(t, PRIORITY, p),
        }))}
        testID="ticket-priority-choice"
      />
      {action.isPending ? <Text role="status">{t('staff.manage.saving')}</Text> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </Card>
  );
}

function Context({ ticket }: { ticket: SupportTicketDetail }) {
  const { t, locale } = useI18n();
  const { requester, context } = ticket;
  const date = (v: string) => formatDate(v, locale, { dateStyle: 'medium' });
  return (
    <Card testID="ticket-context">
      <Text variant="h2">{t('staff.context.title')}</Text>
      <Text variant="h3">{t('staff.context.requester')}</Text>
      {context.account ? (
        <View style={styles.facts}>
          <Text variant="label">{`${context.account.display_name} (@${context.account.username})`}</Text>
          <Text variant="caption" tone="muted">
            {[
              t('staff.context.role', { role: context.account.role }),
              t('staff.context.locale', { locale: context.account.locale }),
              context.account.email_verified ? t('staff.context.verified') : t('staff.context.unverified'),
              t('staff.context.since', { date: date(context.account.created_at) }),
            ].join(' · ')}
          </Text>
        </View>
      ) : requester.former_requester_ref ? (
        <Text>{t('staff.context.erased', { ref: requester.former_requester_ref })}</Text>
      ) : (
        <Text>{requester.visitor ? t('staff.requester.visitor') : t('staff.requester.account')}</Text>
      )}
      {requester.contact_email ? (
        <Text variant="caption">{t('staff.context.email', { email: requester.contact_email })}</Text>
      ) : null}

      {context.resource ? (
        <View style={styles.facts} testID="ticket-resource">
          <Text variant="h3">{t('staff.context.about')}</Text>
          <Text>
            {context.resource.title
              ? `${context.resource.title} (${context.resource.type})`
              : `${context.resource.type} ${context.resource.id}`}
          </Text>
          <Text variant="caption" tone="muted">
            {context.resource.found === false
              ? t('staff.context.notFound')
              : context.resource.state
                ? t('staff.context.state', { state: context.resource.state })
                : context.resource.id}
          </Text>
        </View>
      ) : null}

      {context.listings.length ? (
        <View style={styles.facts}>
          <Text variant="h3">{t('staff.context.listings')}</Text>
          {context.listings.map((l) => (
            <View key={l.id}>
              <TextLink href={`/admin/moderation/${l.id}` as Href}>{l.title}</TextLink>
              <Text variant="caption" tone="muted">
                {`${label(t, MODERATION_STATE, l.moderation_state)} · ${l.visibility} · ${date(l.published_at)}`}
              </Text>
            </View>
          ))}
        </View>
      ) : null}
      {context.reservations.length ? (
        <View style={styles.facts}>
          <Text variant="h3">{t('staff.context.reservations')}</Text>
          {context.reservations.map((r) => (
            <Text key={r.id} variant="caption">
              {t('staff.context.reservation', {
                status: r.status,
                quantity: r.quantity,
                date: date(r.created_at),
              })}
            </Text>
          ))}
        </View>
      ) : null}
      {context.jobs.length ? (
        <View style={styles.facts}>
          <Text variant="h3">{t('staff.context.jobs')}</Text>
          {context.jobs.map((j) => (
            <Text key={j.id} variant="caption">
              {`${j.type} · ${j.status}${j.error_code ? ` · ${j.error_code}` : ''} · ${date(j.created_at)}`}
            </Text>
          ))}
        </View>
      ) : null}
      {ticket.links.length ? (
        <View style={styles.facts}>
          <Text variant="h3">{t('staff.context.links')}</Text>
          {ticket.links.map((l) => (
            <Text key={`${l.type}:${l.reference}`} variant="caption">{`${l.type}: ${l.reference}`}</Text>
          ))}
        </View>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  head: { gap: space.sm },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  columns: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg, alignItems: 'flex-start' },
  main: { flexGrow: 2, flexBasis: 340, minWidth: 0, maxWidth: '100%', gap: space.lg },
  side: { flexGrow: 1, flexBasis: 280, minWidth: 0, maxWidth: '100%', gap: space.lg },
  section: { gap: space.md },
  messages: { gap: space.md },
  message: { borderRadius: radius.md, padding: space.md, gap: space.xs, borderWidth: 1 },
  theirs: { backgroundColor: colors.surface, borderColor: colors.line },
  ours: { backgroundColor: colors.brandSoft, borderColor: colors.line },
  note: { backgroundColor: colors.warningSoft, borderColor: colors.warning, borderStyle: 'dashed' },
  body: { whiteSpace: 'pre-wrap' } as object,
  facts: { gap: 2, marginTop: space.sm },
});
