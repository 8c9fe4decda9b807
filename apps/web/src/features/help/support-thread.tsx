/**
 * /help/support/<id>: one support conversation, the page a staff reply's email links to. The
 * requester reads every message (staff replies in another language translated, the original on
 * request), replies, closes it, or reopens it while the server allows. The email's `?token=` is
 * sent with every request, so a requester without an account (or on another browser) gets in.
 */
import type { SupportConversation } from '@kitwright/contracts';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';
import type { Href } from 'expo-router';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  Card,
  colors,
  Input,
  Loading,
  Notice,
  radius,
  Screen,
  space,
  Text,
  TextLink,
} from '../../design';
import { type MessageKey, type Translate, useI18n } from '../../i18n';
import { useReportedListing } from '../../state/queries/listing';
import { useChangeSupportThread, useSupportThread } from '../../state/queries/support';
import { formatDate } from '../account/dates';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { SupportAttachments, useSupportAttachments } from './support-attachments';
import { messageView } from './support-message';

type Message = SupportConversation['messages'][number];

/** A conversation's status in plain words, and whether it is finished. */
export const STATUS_WORDS: Record<string, MessageKey> = {
  open: 'help.support.status.open',
  waiting_on_staff: 'help.support.status.withUs',
  waiting_on_requester: 'help.support.status.waiting',
  resolved: 'help.support.status.resolved',
  closed: 'help.support.status.closed',
};

export function statusBadge(t: Translate, status: string) {
  return {
    label: t(STATUS_WORDS[status] ?? 'help.support.status.open'),
    tone: status === 'resolved' || status === 'closed' ? ('success' as const) : ('brand' as const),
  };
}

/** The server's refusal of a reply or a reopen (INVALID_STATE), said for this conversation's state. */
function refusalText(t: Translate, err: unknown, thread: SupportConversation, action: string): string {
  if (!isKitwrightError(err) || err.code !== 'INVALID_STATE') return errorText(t, err);
  if (thread.status === 'closed') return t('help.thread.refused.closed');
  if (thread.status === 'resolved') return t('help.thread.refused.tooLate');
  return action === 'reopen' ? t('help.thread.refused.open') : t('help.thread.refused.full');
}

function single(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 200 ? v : null;
}

export function SupportThreadScreen() {
  const { t } = useI18n();
  const params = useLocalSearchParams<{ id: string; token?: string }>();
  const id = single(params.id) ?? '';
  const token = single(params.token);
  const thread = useSupportThread(id, token);
  return (
    <Screen title={thread.data?.subject ?? t('help.thread.title')} testID="support-thread">
      <View style={styles.page}>
        <SmallLink href="/help/support" label={t('help.thread.back')} />
        {thread.data ? (
          <Thread conversation={thread.data} token={token} />
        ) : thread.isPending ? (
          <Loading label={t('help.thread.loading')} />
        ) : (
          <Card testID="support-thread-missing">
            <Text variant="h1">{t('help.thread.notFound')}</Text>
            {isKitwrightError(thread.error) && thread.error.status === 404 ? (
              <Text>{t('help.thread.notFoundBody')}</Text>
            ) : (
              <Notice tone="error">{errorText(t, thread.error)}</Notice>
            )}
            <SmallLink href="/help/support" label={t('help.thread.newMessage')} />
          </Card>
        )}
      </View>
    </Screen>
  );
}

function Thread({ conversation, token }: { conversation: SupportConversation; token: string | null }) {
  const { t, locale } = useI18n();
  const change = useChangeSupportThread(conversation.id, token);
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const files = useSupportAttachments();
  const badge = statusBadge(t, conversation.status);

  async function send() {
    setActionError(null);
    if (!reply.trim()) {
      setReplyError(t('field.required'));
      return;
    }
    setReplyError(null);
    try {
      await change.mutateAsync({
        kind: 'reply',
        body: { message: reply.trim(), ...files.field() },
      });
      setReply('');
      files.clear();
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { message: 'field.required' });
      setReplyError(fields.message ?? refusalText(t, err, conversation, 'reply'));
    }
  }

  async function act(kind: 'close' | 'reopen') {
    setActionError(null);
    try {
      await change.mutateAsync({ kind });
    } catch (err) {
      setActionError(refusalText(t, err, conversation, kind));
    }
  }

  const tooLate = conversation.status === 'resolved' && !conversation.can_reopen;
  return (
    <View style={styles.page}>
      <View style={styles.head}>
        <Text variant="h1">{conversation.subject}</Text>
        <View style={styles.row}>
          <Badge label={badge.label} tone={badge.tone} testID="support-thread-status" />
          <Text variant="caption" tone="muted">
            {`${t(`help.support.cat.${conversation.category}` as MessageKey)} · ${t('help.support.reference', { ref: conversation.id })}`}
          </Text>
        </View>
        {conversation.resource ? <Resource resource={conversation.resource} /> : null}
      </View>

      <View role="list" style={styles.messages} testID="support-messages">
        {conversation.messages.map((m) => (
          <MessageItem key={m.id} message={m} locale={locale} />
        ))}
      </View>

      {conversation.status === 'closed' ? <Notice tone="info">{t('help.thread.isClosed')}</Notice> : null}
      {tooLate ? <Notice tone="info">{t('help.thread.tooLate')}</Notice> : null}

      {conversation.can_reply ? (
        <Card testID="support-reply">
          <Input
            label={t('help.thread.reply')}
            help={t('help.thread.replyHelp')}
            value={reply}
            onChangeText={setReply}
            multiline
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
            error={replyError}
          />
          <SupportAttachments state={files} />
          <Button
            label={t('help.thread.send')}
            onPress={() => void send()}
            busy={change.isPending && change.variables?.kind === 'reply'}
            full
            testID="support-reply-send"
          />
        </Card>
      ) : null}

      {conversation.can_reopen && conversation.reopen_until ? (
        <View style={styles.action}>
          <Text>
            {t('help.thread.reopenUntil', {
              date: formatDate(conversation.reopen_until, locale, { dateStyle: 'long' }),
            })}
          </Text>
          <Button
            label={t('help.thread.reopen')}
            kind="secondary"
            onPress={() => void act('reopen')}
            busy={change.isPending && change.variables?.kind === 'reopen'}
            testID="support-reopen"
          />
        </View>
      ) : null}
      {conversation.can_close ? (
        <View style={styles.action}>
          <Text variant="caption" tone="muted">
            {t('help.thread.closeHelp')}
          </Text>
          <Button
            label={t('help.thread.close')}
            kind="secondary"
            onPress={() => void act('close')}
            busy={change.isPending && change.variables?.kind === 'close'}
            testID="support-close"
          />
        </View>
      ) : null}
      {actionError ? <Notice tone="error">{actionError}</Notice> : null}
    </View>
  );
}

function Resource({ resource }: { resource: { type: string; id: string } }) {
  const { t } = useI18n();
  const listing = useReportedListing(resource.type === 'listing' ? resource.id : null);
  if (resource.type === 'listing')
    return (
      <View style={styles.resource} testID="support-thread-resource">
        <Text variant="caption" tone="muted">
          {t('help.thread.aboutListing')}
        </Text>
        {listing.data ? (
          <TextLink href={`/listing/${listing.data.slug}` as Href} variant="label">
            {listing.data.title}
          </TextLink>
        ) : (
          <Text variant="label">{listing.isPending ? t('common.loading') : resource.id}</Text>
        )}
      </View>
    );
  const kind = (
    {
      reservation: 'help.thread.kind.reservation',
      draft: 'help.thread.kind.draft',
      job: 'help.thread.kind.job',
    } as const
  )[resource.type];
  return (
    <View style={styles.resource} testID="support-thread-resource">
      <Text variant="caption" tone="muted">
        {t('help.thread.about', { what: kind ? t(kind) : resource.type })}
      </Text>
      <Text variant="label">{resource.id}</Text>
    </View>
  );
}

function MessageItem({ message, locale }: { message: Message; locale: string }) {
  const { t } = useI18n();
  const [original, setOriginal] = useState(false);
  const view = messageView(message);
  const mine = view.author === 'you';
  const who = t(
    view.author === 'you'
      ? 'help.thread.you'
      : view.author === 'staff'
        ? 'help.thread.staff'
        : 'help.thread.system',
  );
  const files = message.attachments.map((a) => a.original_name ?? `${t('help.thread.file')} (${a.format})`);
  return (
    <View
      role="listitem"
      style={[styles.message, mine ? styles.mine : styles.theirs]}
      testID={mine ? 'support-message-mine' : 'support-message-staff'}
    >
      <View style={styles.row}>
        <Text variant="label">{who}</Text>
        <Text variant="caption" tone="muted">
          {formatDate(message.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      </View>
      <Text style={styles.body}>{view.text}</Text>
      {view.original ? (
        <View style={styles.translation}>
          <View style={styles.row}>
            <Badge label={t('help.thread.translated')} testID="support-message-translated" />
            <Button
              label={original ? t('help.thread.hideOriginal') : t('help.thread.showOriginal')}
              kind="ghost"
              size="sm"
              onPress={() => setOriginal((v) => !v)}
            />
          </View>
          {original ? (
            <Text tone="muted" style={styles.body} testID="support-message-original">
              {view.original}
            </Text>
          ) : null}
        </View>
      ) : null}
      {files.length ? (
        <Text variant="caption" tone="muted">
          {t('help.thread.attached', { names: files.join(', ') })}
        </Text>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  head: { gap: space.sm },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  resource: {
    backgroundColor: colors.surfaceMuted,
    borderRadius: radius.md,
    padding: space.md,
    gap: 2,
  },
  messages: { gap: space.md },
  message: { borderRadius: radius.md, padding: space.md, gap: space.xs, borderWidth: 1 },
  mine: { backgroundColor: colors.surface, borderColor: colors.line },
  theirs: { backgroundColor: colors.surfaceMuted, borderColor: colors.line },
  body: { whiteSpace: 'pre-wrap' } as object,
  translation: { gap: space.xs },
  action: { gap: space.sm, alignItems: 'flex-start' },
});
