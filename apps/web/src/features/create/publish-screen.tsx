/**
 * Publishing a draft as a listing its designer owns: title, description, tags, category,
 * visibility, the use it is meant for and the safety answers (rule 4: only free-standing and
 * decorative uses), and the owner's acknowledgement of the limited licence Kitwright receives.
 * Every gate is the server's; a refusal is shown in plain words next to what caused it.
 */
import type { Draft, ListingDetail } from '@kitwright/contracts';
import {
  ALLOWED_USE_CASES,
  BLOCKED_USE_CASES,
  LISTING_CATEGORIES,
  SAFETY_QUESTIONS,
  type SafetyQuestion,
  SUPPORTED_LOCALES,
  UGC_LICENCE_VERSION,
  type UseCase,
  VISIBILITIES,
} from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useLocalSearchParams, useRouter } from 'expo-router';
import { type ReactNode, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { queryKeys } from '../../api/keys';
import { useKitwright } from '../../api/kitwright';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  ChoiceGroup,
  EmptyState,
  Input,
  Loading,
  Notice,
  Screen,
  space,
  Text,
  useLayout,
} from '../../design';
import { LANGUAGES, type MessageKey, type Translate, useI18n } from '../../i18n';
import { errorText } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { useAuthState } from '../account/use-auth-state';
import { CreateSteps } from './create-steps';
import { draftName } from './draft-labels';
import { KitPreview } from './kit-preview';
import { PublishedNotice } from './published-notice';
import { useDraft } from './use-draft';

type Field = 'title' | 'description' | 'tags' | 'category' | 'use_case' | 'safety' | 'licence';
type Refusal = { title: string; body: string; action?: { label: string; href: string } };

export function PublishScreen() {
  const { t } = useI18n();
  const { id } = useLocalSearchParams<{ id: string }>();
  const { user, ready } = useAuthState();
  const draft = useDraft(user ? id : undefined);
  let body: ReactNode;
  if (!ready || (user && draft.isPending)) body = <Loading label={t('common.loading')} />;
  else if (!user) body = <RequireSignIn reason={t('create.hub.signInReason')}>{null}</RequireSignIn>;
  else if (!draft.data)
    body = (
      <EmptyState
        title={t('create.draft.notFound')}
        body={errorText(t, draft.error)}
        action={<ButtonLink label={t('create.title')} href="/create" />}
      />
    );
  else body = <PublishGate draft={draft.data} />;
  return (
    <Screen title={t('publish.title')}>
      <CreateSteps current={3} mode={draft.data?.mode ?? 'A'} />
      {body}
    </Screen>
  );
}

function PublishGate({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  if (draft.publish_state === 'published') {
    return <PublishedNotice listingId={draft.listing_id}>{t('publish.alreadyPublished')}</PublishedNotice>;
  }
  if (draft.stage !== 'kit_ready' || draft.validation_state !== 'valid') {
    return (
      <Notice
        tone="warning"
        title={t('publish.notReadyTitle')}
        action={
          <ButtonLink
            label={t('publish.backToDraft')}
            href={`/create/draft/${draft.id}` as never}
            size="sm"
          />
        }
      >
        {t('publish.notReadyBody')}
      </Notice>
    );
  }
  return <PublishForm draft={draft} />;
}

function blockedReason(t: Translate, useCase: string): string {
  return (BLOCKED_USE_CASES as readonly string[]).includes(useCase)
    ? t(`publish.useCase.${useCase}.reason` as MessageKey)
    : '';
}

function PublishForm({ draft }: { draft: Draft }) {
  const { t, locale } = useI18n();
  const client = useKitwright();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { layout } = useLayout();
  const wide = layout === 'desktop';
  const [title, setTitle] = useState(draft.title ?? draftName(t, draft));
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<string>('public');
  const [useCase, setUseCase] = useState<UseCase | null>(null);
  const [language, setLanguage] = useState<string>(draft.source_language || locale);
  const [safety, setSafety] = useState<Partial<Record<SafetyQuestion, boolean>>>({});
  const [licence, setLicence] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [risky, setRisky] = useState<SafetyQuestion[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<ListingDetail | null>(null);

  const tagList = [
    ...new Set(
      tags
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const blocked = useCase !== null && (BLOCKED_USE_CASES as readonly string[]).includes(useCase);

  function localCheck(): Partial<Record<Field, string>> {
    const out: Partial<Record<Field, string>> = {};
    if (title.trim().length < 3) out.title = t('publish.error.title');
    if (description.trim().length < 10) out.description = t('publish.error.description');
    if (tagList.length > 12 || tagList.some((tag) => tag.length > 32)) out.tags = t('publish.error.tags');
    if (!category) out.category = t('publish.error.choose');
    if (!useCase) out.use_case = t('publish.error.choose');
    if (SAFETY_QUESTIONS.some((q) => safety[q] === undefined)) out.safety = t('publish.error.safety');
    if (!licence) out.licence = t('publish.error.licence');
    return out;
  }

  async function submit() {
    const local = localCheck();
    setErrors(local);
    setRefusal(null);
    setRisky([]);
    if (Object.keys(local).length > 0) {
      setRefusal({ title: t('publish.fixTitle'), body: t('publish.fixBody') });
      return;
    }
    setBusy(true);
    try {
      const listing = await client.api.post<ListingDetail>(`/api/design-drafts/${draft.id}/publish`, {
        title: title.trim(),
        description: description.trim(),
        tags: tagList,
        category,
        visibility,
        use_case: useCase,
        safety: Object.fromEntries(SAFETY_QUESTIONS.map((q) => [q, safety[q] === true])),
        licence: { accepted: true, version: UGC_LICENCE_VERSION },
        source_language: language,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.draft(draft.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.drafts() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
      if (listing.moderation_state === 'approved') router.replace(`/listing/${listing.slug}` as never);
      else {
        setPending(listing);
        setBusy(false);
      }
    } catch (err) {
      setBusy(false);
      explain(err);
    }
  }

  function explain(err: unknown) {
    if (!isKitwrightError(err)) {
      setRefusal({ title: t('publish.refusedTitle'), body: errorText(t, err) });
      return;
    }
    const d = err.details ?? {};
    switch (err.code) {
      case 'USE_CASE_BLOCKED': {
        const use = String(d.use_case ?? useCase ?? '');
        setErrors({ use_case: blockedReason(t, use) || t('publish.useCaseBlocked') });
        setRefusal({
          title: t('publish.refusedTitle'),
          body: t('publish.refused.useCase', {
            reason: blockedReason(t, use) || t('publish.useCaseBlocked'),
          }),
          action: { label: t('help.safety.short'), href: '/help/safety' },
        });
        return;
      }
      case 'GATE_NOT_MET': {
        if (d.gate === 'safety') {
          const answers = (Array.isArray(d.answers) ? d.answers : []) as SafetyQuestion[];
          setRisky(answers);
          setErrors({ safety: t('publish.refused.safetyField') });
          setRefusal({
            title: t('publish.refusedTitle'),
            body: t('publish.refused.safety', {
              list: answers.map((q) => t(`publish.safety.${q}.short` as MessageKey)).join(', '),
            }),
            action: { label: t('help.safety.short'), href: '/help/safety' },
          });
        } else if (d.gate === 'licence') {
          setLicence(false);
          setErrors({ licence: t('publish.refused.licence') });
          setRefusal({ title: t('publish.refusedTitle'), body: t('publish.refused.licence') });
        } else setRefusal({ title: t('publish.refusedTitle'), body: t('publish.refused.gate') });
        return;
      }
      case 'KIT_NOT_READY':
        setRefusal({
          title: t('publish.notReadyTitle'),
          body: t('publish.notReadyBody'),
          action: { label: t('publish.backToDraft'), href: `/create/draft/${draft.id}` },
        });
        return;
      case 'INVALID_STATE':
        setRefusal({
          title: t('create.draft.publishedTitle'),
          body: t('publish.alreadyPublished'),
          ...(typeof d.listing_id === 'string'
            ? { action: { label: t('create.draft.openListing'), href: `/listing/${d.listing_id}` } }
            : {}),
        });
        return;
      case 'VALIDATION_FAILED': {
        const fields = (d.fields ?? {}) as Record<string, string>;
        const next: Partial<Record<Field, string>> = {};
        for (const name of Object.keys(fields)) {
          const root = name.split('.')[0] as Field;
          if (root === 'title') next.title = t('publish.error.title');
          else if (root === 'description') next.description = t('publish.error.description');
          else if (root === 'tags') next.tags = t('publish.error.tags');
          else if (root === 'category') next.category = t('publish.error.choose');
        }
        setErrors(next);
        setRefusal({ title: t('publish.fixTitle'), body: t('publish.fixBody') });
        return;
      }
      default:
        setRefusal({ title: t('publish.refusedTitle'), body: errorText(t, err) });
    }
  }

  if (pending) {
    return (
      <Card testID="publish-pending">
        <Badge label={t('publish.pendingBadge')} tone="warning" />
        <Text variant="h2">{t('publish.pendingTitle')}</Text>
        <Text>{t('publish.pendingBody')}</Text>
        <View style={styles.row}>
          <ButtonLink label={t('create.draft.openListing')} href={`/listing/${pending.slug}` as never} />
          <ButtonLink label={t('nav.dashboard')} href="/dashboard" kind="secondary" />
        </View>
      </Card>
    );
  }

  const form = (
    <View style={styles.form}>
      <Card>
        <Text variant="h2">{t('publish.section.about')}</Text>
        <Input
          label={t('publish.field.title')}
          value={title}
          onChangeText={setTitle}
          maxLength={120}
          error={errors.title}
        />
        <Input
          label={t('publish.field.description')}
          help={t('publish.field.descriptionHelp')}
          value={description}
          onChangeText={setDescription}
          multiline
          maxLength={5000}
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
            {tagList.slice(0, 12).map((tag) => (
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
      <Card>
        <Text variant="h2">{t('publish.section.use')}</Text>
        <Text tone="muted">{t('publish.section.useIntro')}</Text>
        <ChoiceGroup
          label={t('publish.field.useCase')}
          value={useCase}
          onChange={(v) => setUseCase(v as UseCase)}
          error={errors.use_case}
          choices={[...ALLOWED_USE_CASES, ...BLOCKED_USE_CASES].map((u) => ({
            value: u,
            label: (BLOCKED_USE_CASES as readonly string[]).includes(u)
              ? t('publish.useCase.blockedLabel', { use: t(`publish.useCase.${u}` as MessageKey) })
              : t(`publish.useCase.${u}` as MessageKey),
            description: (BLOCKED_USE_CASES as readonly string[]).includes(u)
              ? blockedReason(t, u)
              : t(`publish.useCase.${u}.help` as MessageKey),
          }))}
          testID="publish-use-case"
        />
        {blocked ? (
          <Notice tone="warning" testID="use-case-warning">
            {t('publish.useCaseWarning', { reason: blockedReason(t, useCase ?? '') })}
          </Notice>
        ) : null}
        <View style={styles.safety}>
          <Text variant="h3">{t('publish.safety.title')}</Text>
          <Text variant="caption" tone="muted">
            {t('publish.safety.intro')}
          </Text>
          {SAFETY_QUESTIONS.map((q) => (
            <ChoiceGroup
              key={q}
              label={t(`publish.safety.${q}` as MessageKey)}
              look="pills"
              value={safety[q] === undefined ? null : safety[q] ? 'yes' : 'no'}
              onChange={(v) => setSafety((s) => ({ ...s, [q]: v === 'yes' }))}
              error={risky.includes(q) ? t('publish.refused.safetyAnswer') : null}
              choices={[
                { value: 'no', label: t('publish.no') },
                { value: 'yes', label: t('publish.yes') },
              ]}
              testID={`safety-${q}`}
            />
          ))}
          {errors.safety ? (
            <Text variant="caption" tone="danger" role="alert">
              {errors.safety}
            </Text>
          ) : null}
        </View>
      </Card>
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

  return (
    <>
      <View style={styles.heading}>
        <Text variant="h1">{t('publish.title')}</Text>
        <Text tone="muted">{t('publish.intro')}</Text>
      </View>
      <View style={[styles.grid, wide ? styles.gridWide : null]}>
        <View style={styles.main}>{form}</View>
        <View style={styles.side}>
          <Card>
            <Text variant="h3">{draftName(t, draft)}</Text>
            {draft.artefacts.preview_png_url ? (
              <KitPreview
                url={draft.artefacts.preview_png_url}
                alt={t('create.preview.alt', { name: draftName(t, draft) })}
              />
            ) : null}
            {draft.artefacts.summary ? (
              <Text variant="caption" tone="muted">
                {t('publish.kitLine', {
                  blocks: draft.artefacts.summary.part_count,
                  layers: draft.artefacts.summary.layers,
                })}
              </Text>
            ) : null}
            <Text variant="caption" tone="muted">
              {t('publish.ownerNote')}
            </Text>
            <SmallLink href={`/create/draft/${draft.id}`} label={t('publish.backToDraft')} />
          </Card>
        </View>
      </View>
    </>
  );
}

const styles = StyleSheet.create({
  heading: { gap: space.xs, maxWidth: 760 },
  grid: { gap: space.xl },
  gridWide: { flexDirection: 'row', alignItems: 'flex-start' },
  main: { flex: 3, minWidth: 0 },
  side: { flex: 2, gap: space.lg, minWidth: 0 },
  form: { gap: space.lg },
  chips: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
  safety: { gap: space.md },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
});
