/**
 * The support and report form: a conversation with a person, opened through the server's support
 * API. Visitors may write too (their visitor session keeps the thread). ?listing=<id>&category=report
 * comes from a listing page's "Report" link and names the listing being reported.
 */
import type { SupportConversation } from '@kitwright/contracts';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SUPPORT_SUBJECT_MIN_LENGTH,
} from '@kitwright/contracts/constants';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, ChoiceGroup, colors, Input, Notice, radius, space, Text } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { useReportedListing } from '../../state/queries/listing';
import { useCreateSupportConversation, useSupportConversations } from '../../state/queries/support';
import { formatDate } from '../account/dates';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { useAuthState } from '../account/use-auth-state';

type Category = (typeof SUPPORT_CATEGORIES)[number];
type Field = 'subject' | 'message' | 'contact_email' | 'category';

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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SupportConversation | null>(null);
  const reporting = category === 'report_listing';

  async function submit() {
    const local: Partial<Record<Field, string>> = {};
    if (!category) local.category = t('help.support.chooseCategory');
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
      });
      setSent(conversation);
      setSubject('');
      setMessage('');
    } catch (err) {
      const fields = fieldErrorsOf(t, err, {
        subject: 'help.support.subjectShort',
        message: 'field.required',
        contact_email: 'field.email',
        category: 'help.support.chooseCategory',
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
      {reporting ? <Notice tone="info">{t('help.support.reportHelp')}</Notice> : null}
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

const STATUS: Record<string, MessageKey> = {
  open: 'help.support.status.open',
  waiting_on_staff: 'help.support.status.open',
  waiting_on_requester: 'help.support.status.waiting',
  resolved: 'help.support.status.resolved',
  closed: 'help.support.status.closed',
};

/** The visitor's or user's own conversations and where each stands. */
export function MyConversations() {
  const { t, locale } = useI18n();
  const conversations = useSupportConversations();
  const items = conversations.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <View style={styles.mine} testID="my-conversations">
      <Text variant="h2">{t('help.support.mine')}</Text>
      {items.map((c) => (
        <View key={c.id} style={styles.conversation}>
          <View style={styles.convHead}>
            <Text variant="label" style={styles.flex}>
              {c.subject}
            </Text>
            <Badge
              label={t(STATUS[c.status] ?? 'help.support.status.open')}
              tone={c.status === 'resolved' || c.status === 'closed' ? 'success' : 'brand'}
            />
          </View>
          <Text variant="caption" tone="muted">
            {`${t(`help.support.cat.${c.category}` as MessageKey)} · ${formatDate(c.created_at, locale, { dateStyle: 'medium' })}`}
          </Text>
        </View>
      ))}
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
