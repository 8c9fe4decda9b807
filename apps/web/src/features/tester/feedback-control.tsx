/**
 * Beta feedback from any screen: a slim row under the header (shown only while `betaMode` is on,
 * never over the page's content) opens a sheet that sends a rating, a reason and a few words about
 * this screen, with its route, the listing or draft it shows, the app's release, and on the web an
 * optional screenshot (signed in: a screenshot is an upload of the person's own).
 */
import type { BetaFeedbackReason, ListingDetail } from '@kitwright/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useGlobalSearchParams, usePathname, useSegments } from 'expo-router';
import { useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import {
  Button,
  ChoiceGroup,
  colors,
  Input,
  maxContentWidth,
  Notice,
  Select,
  Sheet,
  space,
  Text,
} from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { useAppShell, useBetaMode } from '../../state/queries/app-shell';
import { useSendFeedback } from '../../state/queries/beta';
import { useReportedListing } from '../../state/queries/listing';
import { useUploadPhoto } from '../../state/queries/uploads';
import { viewerKeys } from '../../state/queries/viewer';
import { errorText, fieldErrorsOf } from '../account/error-text';
import type { PickedFile } from '../create/picked-file';
import { type FeedbackTarget, feedbackTarget } from './feedback-target';
import { canAttach, FilePicker } from './file-picker';

const RATINGS = ['1', '2', '3', '4', '5'] as const;
const REASON_WORDS: Record<BetaFeedbackReason, MessageKey> = {
  bug: 'tester.feedback.reason.bug',
  confusing: 'tester.feedback.reason.confusing',
  missing_feature: 'tester.feedback.reason.missing',
  slow: 'tester.feedback.reason.slow',
  praise: 'tester.feedback.reason.praise',
  other: 'tester.feedback.reason.other',
};
// The schemas' values stay out of the app's bundle: the record above names every reason (typed).
const REASONS = Object.keys(REASON_WORDS) as BetaFeedbackReason[];
/** BETA_FEEDBACK_TEXT_MAX_LENGTH in the contracts. */
const TEXT_MAX_LENGTH = 2000;

export function FeedbackControl() {
  const { t } = useI18n();
  const beta = useBetaMode();
  const pathname = usePathname();
  const segments = useSegments();
  const params = useGlobalSearchParams();
  const [open, setOpen] = useState(false);
  const target = useMemo(
    () => feedbackTarget(segments as string[], params, pathname),
    [segments, params, pathname],
  );
  if (!beta) return null;
  return (
    <View style={styles.strip} testID="feedback-strip">
      <View style={styles.inner}>
        <Button
          label={t('tester.feedback.open')}
          kind="ghost"
          size="sm"
          onPress={() => setOpen(true)}
          testID="feedback-open"
        />
      </View>
      <Sheet
        open={open}
        title={t('tester.feedback.title')}
        closeLabel={t('tester.feedback.close')}
        onClose={() => setOpen(false)}
        testID="feedback-sheet"
      >
        {open ? <FeedbackForm target={target} /> : null}
      </Sheet>
    </View>
  );
}

/** The listing shown on this route: from the page's own answer when cached, else asked for. */
function useListingId(slug: string | null): string | null {
  const queryClient = useQueryClient();
  const cached = slug
    ? queryClient
        .getQueriesData<ListingDetail>({ queryKey: [...viewerKeys.all(), 'listing', slug] })
        .map(([, data]) => data?.id)
        .find(Boolean)
    : undefined;
  const fetched = useReportedListing(slug && !cached ? slug : null);
  return cached ?? fetched.data?.id ?? null;
}

function FeedbackForm({ target }: { target: FeedbackTarget }) {
  const { t, locale } = useI18n();
  const user = useSessionUser();
  const shell = useAppShell();
  const send = useSendFeedback();
  const upload = useUploadPhoto();
  const listingId = useListingId(target.listingSlug);
  const [rating, setRating] = useState<(typeof RATINGS)[number] | null>(null);
  const [reason, setReason] = useState<BetaFeedbackReason | ''>('');
  const [text, setText] = useState('');
  const [shot, setShot] = useState<{ id: string; name: string } | null>(null);
  const [errors, setErrors] = useState<{ rating?: string; reason?: string; text?: string; shot?: string }>(
    {},
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const config = shell.data?.config;
  const formats = config?.uploads.image_formats ?? ['png', 'jpg', 'jpeg', 'webp'];

  async function attach(file: PickedFile) {
    setErrors((e) => ({ ...e, shot: undefined }));
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!formats.includes(ext)) {
      setErrors((e) => ({
        ...e,
        shot: t('tester.feedback.screenshotType', { formats: formats.join(', ') }),
      }));
      return;
    }
    try {
      const made = await upload.mutateAsync({
        file: file.blob
          ? (file.blob as File)
          : { uri: file.uri ?? '', name: file.name, type: file.type ?? '' },
        name: file.name,
      });
      setShot({ id: made.id, name: file.name });
    } catch (err) {
      setErrors((e) => ({ ...e, shot: errorText(t, err) }));
    }
  }

  async function submit() {
    const missing: typeof errors = {};
    if (!rating) missing.rating = t('tester.feedback.ratingRequired');
    if (!reason) missing.reason = t('tester.feedback.reasonRequired');
    setErrors(missing);
    setFormError(null);
    if (!rating || !reason) return;
    const context = {
      route: target.route,
      ...(listingId ? { listing_id: listingId } : {}),
      ...(user && target.draftId ? { draft_id: target.draftId } : {}),
    };
    try {
      await send.mutateAsync({
        rating: Number(rating),
        reason,
        screen: target.screen,
        context,
        ...(config ? { app_version: config.app_version } : {}),
        ...(text.trim() ? { text: text.trim(), language: locale as 'en' } : {}),
        ...(shot ? { screenshot_media_id: shot.id } : {}),
      });
      setSent(true);
    } catch (err) {
      const fields = fieldErrorsOf(t, err, { text: 'tester.feedback.text' });
      if (fields.text) setErrors({ text: fields.text });
      setFormError(errorText(t, err));
    }
  }

  if (sent)
    return (
      <View style={styles.form}>
        <Notice tone="success" title={t('tester.feedback.thanksTitle')} testID="feedback-sent">
          {t('tester.feedback.thanksBody')}
        </Notice>
        <Button
          label={t('tester.feedback.another')}
          kind="secondary"
          onPress={() => {
            setSent(false);
            setRating(null);
            setReason('');
            setText('');
            setShot(null);
          }}
        />
      </View>
    );

  return (
    <View style={styles.form} testID="feedback-form">
      <Text tone="muted">{t('tester.feedback.intro')}</Text>
      <View style={styles.about} testID="feedback-about">
        <Text variant="caption" tone="muted">
          {t('tester.feedback.screen', { screen: target.screen })}
        </Text>
        {target.listingSlug ? (
          <Text variant="caption" tone="muted">
            {t('tester.feedback.aboutListing')}
          </Text>
        ) : null}
        {target.draftId && user ? (
          <Text variant="caption" tone="muted">
            {t('tester.feedback.aboutDraft')}
          </Text>
        ) : null}
        {config ? (
          <Text variant="caption" tone="muted">
            {t('tester.feedback.release', { release: config.release, version: config.app_version })}
          </Text>
        ) : null}
      </View>
      <ChoiceGroup
        label={t('tester.feedback.rating')}
        help={t('tester.feedback.ratingHelp')}
        look="pills"
        choices={RATINGS.map((r) => ({ value: r, label: r }))}
        value={rating}
        onChange={setRating}
        error={errors.rating}
        testID="feedback-rating"
      />
      <Select
        label={t('tester.feedback.reason')}
        value={reason}
        options={REASONS.map((r) => ({ value: r, label: t(REASON_WORDS[r]) }))}
        onChange={(v) => setReason(v as BetaFeedbackReason)}
        placeholder={t('tester.feedback.reasonPlaceholder')}
        closeLabel={t('tester.feedback.close')}
        error={errors.reason}
        testID="feedback-reason"
      />
      <Input
        label={t('tester.feedback.text')}
        help={t('tester.feedback.textHelp')}
        value={text}
        onChangeText={setText}
        multiline
        maxLength={TEXT_MAX_LENGTH}
        error={errors.text}
        testID="feedback-text"
      />
      {canAttach ? (
        user ? (
          <View style={styles.shot}>
            <Text variant="label">{t('tester.feedback.screenshot')}</Text>
            {shot ? (
              <View style={styles.row}>
                <Text variant="caption" testID="feedback-screenshot-name">
                  {t('tester.feedback.screenshotAttached', { name: shot.name })}
                </Text>
                <Button
                  label={t('tester.feedback.screenshotRemove')}
                  kind="ghost"
                  size="sm"
                  onPress={() => setShot(null)}
                />
              </View>
            ) : (
              <FilePicker
                formats={formats}
                onPick={(f) => void attach(f)}
                busy={upload.isPending}
                label={t('tester.feedback.screenshotAdd')}
                inputLabel={t('tester.feedback.screenshotInput')}
                testID="feedback-screenshot"
              />
            )}
            {errors.shot ? <Notice tone="error">{errors.shot}</Notice> : null}
          </View>
        ) : (
          <Text variant="caption" tone="muted">
            {t('tester.feedback.screenshotSignIn')}
          </Text>
        )
      ) : null}
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <Button
        label={t('tester.feedback.send')}
        onPress={() => void submit()}
        busy={send.isPending}
        full
        testID="feedback-send"
      />
    </View>
  );
}

const styles = StyleSheet.create({
  strip: { backgroundColor: colors.surfaceMuted, borderBottomWidth: 1, borderBottomColor: colors.line },
  inner: {
    width: '100%',
    maxWidth: maxContentWidth,
    alignSelf: 'center',
    flexDirection: 'row',
    justifyContent: 'flex-end',
    paddingHorizontal: space.md,
  },
  form: { gap: space.lg },
  about: { gap: 2 },
  shot: { gap: space.sm, alignItems: 'flex-start' },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
});
