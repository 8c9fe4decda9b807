/**
 * A draft made from a picture, in its workspace: what was made (mosaic or relief, its size, the
 * block colours it uses, how close they are to the picture, how the subject was found), and its
 * options to make it again.
 */
import type { Draft, ReferenceOptions } from '@kitwright/contracts';
import { en } from '@kitwright/copy/messages';
import type { ReferenceSummary } from '@kitwright/mesher';
import { newIdempotencyKey } from '@kitwright/sdk';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Card, Notice, Text } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { useDraftActions } from '../../state/queries/drafts';
import { errorText } from '../account/error-text';
import { DEFAULT_REFERENCE, ReferenceOptionsFields, referenceBody } from './reference-options';

interface ReferenceGeneration {
  status: 'success' | 'degraded';
  reason: string | null;
  reference: ReferenceSummary;
}

/** What the picture's job wrote, when it did. */
export function referenceGenerationOf(draft: Draft): ReferenceGeneration | null {
  const g = draft.validation.generation as Partial<ReferenceGeneration> | undefined;
  return g?.reference && (g.status === 'success' || g.status === 'degraded')
    ? (g as ReferenceGeneration)
    : null;
}

export function ReferenceResult({ draft }: { draft: Draft }) {
  const { t, formatNumber } = useI18n();
  const generation = referenceGenerationOf(draft);
  if (!generation) return null;
  const r = generation.reference;
  const colourName = (id: string) => {
    const key = `discover.colour.${id}`;
    return Object.hasOwn(en, key) ? t(key as MessageKey) : id;
  };
  return (
    <Card testID="reference-result">
      <Text variant="h3">{t('reference.result.title')}</Text>
      <Text>
        {t(r.kind === 'mosaic' ? 'reference.result.mosaic' : 'reference.result.relief', {
          w: r.width,
          h: r.height,
          d: r.depth,
        })}
        {r.dithering ? ` ${t('reference.result.dithered')}.` : ''}
      </Text>
      <Text variant="caption">
        {t('reference.result.colours', { colours: r.colours.map((c) => colourName(c.id)).join(', ') })}
      </Text>
      <Text variant="caption" tone="muted">
        {t('reference.result.match', { value: formatNumber(r.mean_delta_e) })}
      </Text>
      {r.subject ? (
        <Text variant="caption" tone="muted">
          {r.subject.method === 'alpha'
            ? t('reference.result.subjectAlpha')
            : t('reference.result.subjectBorder', { colour: r.subject.background ?? '—' })}
        </Text>
      ) : null}
      {generation.status === 'degraded' ? (
        <Notice tone="warning" testID="reference-degraded">
          {t('reference.result.degraded')}
        </Notice>
      ) : null}
    </Card>
  );
}

export function ReferenceRebuildCard({ draft, disabled }: { draft: Draft; disabled: boolean }) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const [options, setOptions] = useState<ReferenceOptions>(draft.reference ?? DEFAULT_REFERENCE);
  const [error, setError] = useState<string | null>(null);
  const changed = JSON.stringify(referenceBody(options)) !== JSON.stringify(draft.reference);
  const failed = draft.validation_state === 'invalid';

  function apply() {
    setError(null);
    const start = () =>
      actions.startJob.mutate(
        { kind: 'model', key: newIdempotencyKey('generate') },
        { onError: (err) => setError(errorText(t, err)) },
      );
    if (!changed) return start();
    actions.update.mutate(
      { reference: referenceBody(options) },
      { onSuccess: start, onError: (err) => setError(errorText(t, err)) },
    );
  }

  return (
    <Card testID="reference-rebuild">
      <Text variant="h3">{t('reference.rebuild.title')}</Text>
      <ReferenceOptionsFields value={options} onChange={setOptions} />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <View style={styles.row}>
        <Button
          label={t('reference.rebuild.submit')}
          onPress={apply}
          disabled={disabled || (!changed && !failed)}
          busy={actions.update.isPending || actions.startJob.isPending}
          testID="reference-rebuild-submit"
        />
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row' },
});
