/**
 * The publish form: what the listing says (title, description, tags, category, language), who
 * sees it, the use and safety answers, and the owner's acknowledgement of the limited licence
 * Kitwright receives. Every gate is the server's; a refusal is shown next to what caused it.
 */
import type { Draft, ListingDetail } from '@kitwright/contracts';
import {
  LISTING_CATEGORIES,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_MAX_TAGS,
  LISTING_TITLE_MAX_LENGTH,
  type ListingCategory,
  SAFETY_QUESTIONS,
  type SafetyQuestion,
  SUPPORTED_LOCALES,
  UGC_LICENCE_VERSION,
  type UseCase,
  VISIBILITIES,
  type Visibility,
} from '@kitwright/contracts/constants';
import { useRouter } from 'expo-router';
import { useEffect, useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  ChoiceGroup,
  Input,
  Notice,
  space,
  Text,
} from '../../design';
import { LANGUAGES, type MessageKey, useI18n } from '../../i18n';
import { formMemory, useLeaveWarning } from '../../platform/unsaved-form';
import { usePublishDraft } from '../../state/queries/drafts';
import { SmallLink } from '../account/small-link';
import { draftName } from './draft-labels';
import { type KeptPublishForm, keptPublishForm, publishFormChanged, publishFormKey } from './publish-memory';
import {
  checkPublish,
  explainRefusal,
  type PublishErrors,
  type Refusal,
  type SafetyAnswers,
  tagsOf,
} from './publish-rules';
import { PublishUseCard } from './publish-use-card';

export function PublishForm({
  draft,
  onPending,
}: {
  draft: Draft;
  /** Published, but waiting for moderation before others can see it. */
  onPending: (listing: ListingDetail) => void;
}) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const publish = usePublishDraft(draft.id);
  // What the person typed is kept per draft until it is published (a reload does not lose it).
  const memoryKey = publishFormKey(draft.id);
  const defaults = useMemo<KeptPublishForm>(
    () => ({
      title: draft.title ?? draftName(t, draft),
      description: '',
      tags: '',
      category: null,
      visibility: 'public',
      useCase: null,
      language: draft.source_language || locale,
      safety: {},
    }),
    [draft, t, locale],
  );
  const [kept] = useState(() => keptPublishForm(formMemory.read(memoryKey), defaults));
  const [title, setTitle] = useState(kept.title);
  const [description, setDescription] = useState(kept.description);
  const [tags, setTags] = useState(kept.tags);
  const [category, setCategory] = useState<string | null>(kept.category);
  const [visibility, setVisibility] = useState<string>(kept.visibility);
  const [useCase, setUseCase] = useState<UseCase | null>(kept.useCase);
  const [language, setLanguage] = useState<string>(kept.language);
  const [safety, setSafety] = useState<SafetyAnswers>(kept.safety);
  const [licence, setLicence] = useState(false);
  const [sent, setSent] = useState(false);
  const form: KeptPublishForm = { title, description, tags, category, visibility, useCase, language, safety };
  const formText = JSON.stringify(form);
  const dirty = !sent && publishFormChanged(form, defaults);
  useEffect(() => {
    if (sent) return;
    if (dirty) formMemory.write(memoryKey, JSON.parse(formText));
    else formMemory.forget(memoryKey);
  }, [formText, dirty, sent, memoryKey]);
  useLeaveWarning(dirty);
  const [errors, setErrors] = useState<PublishErrors>({});
  const [risky, setRisky] = useState<SafetyQuestion[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const tagList = tagsOf(tags);

  async function submit() {
    const local = checkPublish(t, { title, description, tags: tagList, category, useCase, safety, licence });
    setErrors(local);
    setRefusal(null);
    setRisky([]);
    if (Object.keys(local).length > 0) {
      setRefusal({ title: t('publish.fixTitle'), body: t('publish.fixBody') });
      return;
    }
    setBusy(true);
    try {
      const listing = await publish.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        tags: tagList,
        category: category as ListingCategory,
        visibility: visibility as Visibility,
        use_case: useCase as UseCase,
        safety: Object.fromEntries(SAFETY_QUESTIONS.map((q) => [q, safety[q] === true])) as Record<
          SafetyQuestion,
          boolean
        >,
        licence: { accepted: true, version: UGC_LICENCE_VERSION },
        source_language: language,
      });
      setSent(true);
      formMemory.forget(memoryKey);
      if (listing.moderation_state === 'approved') router.replace(`/listing/${listing.slug}` as never);
      else {
        onPending(listing);
        setBusy(false);
      }
    } catch (err) {
      setBusy(false);
      const explained = explainRefusal(t, err, { draftId: draft.id, useCase });
      setErrors(explained.errors);
      setRisky(explained.risky);
      setRefusal(explained.refusal);
      if (explained.withdrawLicence) setLicence(false);
    }
  }

  return (
    <View style={styles.form}>
      <Card>
        <Text variant="h2">{t('publish.section.about')}</Text>
        <Input
          label={t('publish.field.title')}
          value={title}
          onChangeText={setTitle}
          maxLength={LISTING_TITLE_MAX_LENGTH}
          error={errors.title}
        />
        <Input
          label={t('publish.field.description')}
          help={t('publish.field.descriptionHelp')}
          value={description}
          onChangeText={setDescription}
          multiline
          maxLength={LISTING_DESCRIPTION_MAX_LENGTH}
          error={errors.description}
        />
        <Input
          label={t('publish.field.tags')}
          help={t('publish.field.tagsHelp')}
          value={tags}
          onChangeText={setTags}
          autoCapitalize="none"
          error={errors.tags}
        />
        {tagList.length > 0 ? (
          <View style={styles.chips} aria-hidden>
            {tagList.slice(0, LISTING_MAX_TAGS).map((tag) => (
              <Badge key={tag} label={`#${tag}`} tone="brand" />
            ))}
          </View>
        ) : null}
        <ChoiceGroup
          label={t('publish.field.category')}
          look="pills"
          value={category}
          onChange={setCategory}
          error={errors.category}
          choices={LISTING_CATEGORIES.map((c) => ({
            value: c,
            label: t(`publish.category.${c}` as MessageKey),
          }))}
          testID="publish-category"
        />
        <ChoiceGroup
          label={t('publish.field.language')}
          help={t('publish.field.languageHelp')}
          look="pills"
          value={(SUPPORTED_LOCALES as readonly string[]).includes(language) ? language : 'en'}
          onChange={setLanguage}
          choices={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
        />
      </Card>
      <Card>
        <Text variant="h2">{t('publish.section.visibility')}</Text>
        <ChoiceGroup
          label={t('publish.field.visibility')}
          value={visibility}
          onChange={setVisibility}
          choices={VISIBILITIES.map((v) => ({
            value: v,
            label: t(`publish.visibility.${v}` as MessageKey),
            description: t(`publish.visibility.${v}.help` as MessageKey),
          }))}
          testID="publish-visibility"
        />
      </Card>
      <PublishUseCard
        useCase={useCase}
        onUseCase={setUseCase}
        safety={safety}
        onSafety={(q, yes) => setSafety((s) => ({ ...s, [q]: yes }))}
        risky={risky}
        useCaseError={errors.use_case}
        safetyError={errors.safety}
      />
      <Card>
        <Text variant="h2">{t('publish.section.licence')}</Text>
        <Text>{t('publish.licence.body')}</Text>
        <Checkbox
          label={t('publish.licence.accept')}
          help={t('publish.licence.version', { version: UGC_LICENCE_VERSION })}
          checked={licence}
          onChange={setLicence}
          error={errors.licence}
          testID="publish-licence"
        />
        <SmallLink href="/help/content-licence" label={t('help.licence.short')} />
      </Card>
      {refusal ? (
        <Notice
          tone="error"
          title={refusal.title}
          testID="publish-refused"
          action={
            refusal.action ? (
              <ButtonLink
                label={refusal.action.label}
                href={refusal.action.href as never}
                size="sm"
                kind="secondary"
              />
            ) : undefined
          }
        >
          {refusal.body}
        </Notice>
      ) : null}
      <Button
        label={t('publish.submit')}
        onPress={() => void submit()}
        busy={busy}
        full
        testID="publish-submit"
      />
      <Text variant="caption" tone="muted">
        {t('publish.afterNote')}
      </Text>
    </View>
  );
}

const styles = StyleSheet.create({
  form: { gap: space.lg },
  chips: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
});
