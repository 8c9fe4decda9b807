/**
 * The support and report form: a conversation with a person, opened through the server's support
 * API. Visitors may write too (their visitor session keeps the thread). ?listing=<id>&category=report
 * comes from a listing page's "Report" link and names the listing being reported.
 */
import type { SupportConversation } from '@kitwright/contracts';
import {
  REPORT_REASONS,
  SUPPORT_CATEGORIES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SUPPORT_SUBJECT_MIN_LENGTH,
} from '@kitwright/contracts/constants';
import { type Href, useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  ChoiceGroup,
  colors,
  Input,
  LinkBlock,
  Notice,
  radius,
  space,
  Text,
} from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { useReportedListing } from '../../state/queries/listing';
import { useCreateSupportConversation, useSupportConversations } from '../../state/queries/support';
import { formatDate } from '../account/dates';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { useAuthState } from '../account/use-auth-state';
import { SupportAttachments, useSupportAttachments } from './support-attachments';
import { statusBadge } from './support-thread';

type Category = (typeof SUPPORT_CATEGORIES)[number];
type Reason = (typeof REPORT_REASONS)[number];
type Field = 'subject' | 'message' | 'contact_email' | 'category' | 'report_reason';

function categoryFrom(value: string | undefined): Category | null {
  if (value === 'report') return 'report_listing';
  return (SUPPORT_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : null;
}

export function SupportForm() {
  const { t, locale } = useI18n();
  const { user } = useAuthState();
  const params = useLocalSearchParams<{ listing?: string; category?: string }>();
  const listingId =
    typeof params.listing === 'string' && params.listing.length <= 120 ? params.listing : null;
  const listing = useReportedListing(listingId);
  const create = useCreateSupportConversation();
  const [category, setCategory] = useState<Category | null>(
    categoryFrom(params.category) ?? (listingId ? 'report_listing' : null),
  );
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState<Reason | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SupportConversation | null>(null);
  const reporting = category === 'report_listing';
  const files = useSupportAttachments();

  async function submit() {
    const local: Partial<Record<Field, string>> = {};
    if (!category) local.category = t('help.support.chooseCategory');
    if (category === 'report_listing' && !reason) local.report_reason = t('help.support.chooseReason');
    if (subject.trim().length < SUPPORT_SUBJECT_MIN_LENGTH) local.subject = t('help.support.subjectShort');
    if (!message.trim()) local.message = t('field.required');
    setErrors(local);
    setError(null);
    if (!category || Object.keys(local).length) return;
    try {
      const resourceId = listing.data?.id ?? listingId;
      const conversation = await create.mutateAsync({
        subject: subject.trim(),
        category,
        message: message.trim(),
        source_surface: listingId ? 'web_listing_report' : 'web_help',
        ...(email.trim() && !user ? { contact_email: email.trim() } : {}),
        ...(resourceId && reporting ? { resource: { type: 'listing', id: resourceId } } : {}),
        ...(reporting && reason ? { report_reason: reason } : {}),
        ...files.field(),
      });
      setSent(conversation);
      files.clear();
      setSubject('');
      setMessage('');
      setReason(null);
    } catch (err) {
      const fields = fieldErrorsOf(t, err, {
        subject: 'help.support.subjectShort',
        message: 'field.required',
        contact_email: 'field.email',
        category: 'help.support.chooseCategory',
        report_reason: 'help.support.chooseReason',
      });
      setErrors(fields);
      if (!Object.values(fields).some(Boolean)) setError(errorText(t, err));
    }
  }

  if (sent) {
    const due = formatDate(sent.first_response_due_at, locale, {
      dateStyle: 'full',
      timeStyle: 'short',
    });
    return (
      <Card testID="support-sent">
        <Notice tone="success" title={t('help.support.sentTitle')}>
          {t('help.support.sentBody', { due })}
        </Notice>
        <Text variant="caption" tone="muted">
          {t('help.support.reference', { ref: sent.id })}
        </Text>
        <View style={styles.row}>
          <ButtonLink
            label={t('help.support.openThread')}
            href={`/help/support/${sent.id}` as Href}
            testID="support-sent-thread"
          />
          <Button label={t('help.support.another')} kind="secondary" onPress={() => setSent(null)} />
        </View>
      </Card>
    );
  }

  return (
    <Card testID="support-form">
      <Text variant="h2">{reporting ? t('help.support.reportTitle') : t('help.support.formTitle')}</Text>
      {listingId ? (
        <View style={styles.listing} testID="reported-listing">
          <Text variant="caption" tone="muted">
            {t('help.support.aboutListing')}
          </Text>
          {listing.data ? (
            <>
              <Text variant="label">{listing.data.title}</Text>
              <Text variant="caption" tone="muted">
                {listing.data.attribution}
              </Text>
            </>
          ) : (
            <Text variant="label">{listing.isPending ? t('common.loading') : listingId}</Text>
          )}
        </View>
      ) : null}
      <ChoiceGroup
        label={t('help.support.category')}
        look="pills"
        value={category}
        onChange={(v) => setCategory(v as Category)}
        error={errors.category}
        choices={SUPPORT_CATEGORIES.map((c) => ({
          value: c,
          label: t(`help.support.cat.${c}` as MessageKey),
        }))}
        testID="support-category"
      />
      {reporting ? (
        <>
          <Notice tone="info">{t('help.support.reportHelp')}</Notice>
          <ChoiceGroup
            label={t('help.support.reason')}
            value={reason}
            onChange={(v) => setReason(v as Reason)}
            error={errors.report_reason}
            choices={REPORT_REASONS.map((r) => ({
              value: r,
              label: t(`help.support.reason.${r}` as MessageKey),
            }))}
            testID="support-reason"
          />
        </>
      ) : null}
      <Input
        label={t('help.support.subject')}
        value={subject}
        onChangeText={setSubject}
        maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
        error={errors.subject}
      />
      <Input
        label={t('help.support.message')}
        help={reporting ? t('help.support.messageReportHelp') : t('help.support.messageHelp')}
        value={message}
        onChangeText={setMessage}
        multiline
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        error={errors.message}
      />
      {user ? (
        <Text variant="caption" tone="muted">
          {t('help.support.replyTo', { email: user.email })}
        </Text>
      ) : (
        <Input
          label={t('help.support.email')}
          help={t('help.support.emailHelp')}
          value={email}
          onChangeText={setEmail}
          autoCapitalize="none"
          autoCorrect={false}
          autoComplete="email"
          inputMode="email"
          error={errors.contact_email}
        />
      )}
      <SupportAttachments state={files} />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button
        label={reporting ? t('help.support.sendReport') : t('help.support.send')}
        onPress={() => void submit()}
        busy={create.isPending}
        full
        testID="support-submit"
      />
    </Card>
  );
}

/** The visitor's or user's own conversations and where each stands. */
export function MyConversations() {
  const { t, locale } = useI18n();
  const conversations = useSupportConversations();
  const items = conversations.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <View style={styles.mine} testID="my-conversations">
      <Text variant="h2">{t('help.support.mine')}</Text>
      {items.map((c) => {
        const badge = statusBadge(t, c.status);
        return (
          <LinkBlock
            key={c.id}
            href={`/help/support/${c.id}` as Href}
            style={styles.conversation}
            testID="my-conversation"
          >
            <View style={styles.convHead}>
              <Text variant="label" tone="brand" style={styles.flex}>
                {c.subject}
              </Text>
              <Badge label={badge.label} tone={badge.tone} />
            </View>
            <Text variant="caption" tone="muted">
              {`${t(`help.support.cat.${c.category}` as MessageKey)} · ${formatDate(c.updated_at, locale, { dateStyle: 'medium' })}`}
            </Text>
          </LinkBlock>
        );
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  listing: {
    backgroundColor: colors.surfaceMuted,
    borderRadius: radius.md,
    padding: space.md,
    gap: 2,
  },
  mine: { gap: space.sm },
  conversation: {
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    padding: space.md,
    gap: 2,
  },
  convHead: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  flex: { flex: 1, minWidth: 160 },
});
