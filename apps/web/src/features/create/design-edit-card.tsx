/**
 * A prompt design after generation (Mode B): the three variants to choose from, "design again" for
 * three others, the chosen design's parameters and a colour per part, then rebuild. What is
 * changed goes to the draft's `settings.design`; the server checks it against the generation.
 */
import type { Draft } from '@kitwright/contracts';
import { PALETTE } from '@kitwright/mesher/constants';
import { newIdempotencyKey } from '@kitwright/sdk';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Card, ChoiceGroup, Notice, Select, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useDraftActions } from '../../state/queries/drafts';
import { errorText } from '../account/error-text';
import { designVariantsOf } from './draft-validation';

export function DesignEditCard({ draft, disabled }: { draft: Draft; disabled: boolean }) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const design = designVariantsOf(draft);
  const saved = draft.settings.design ?? null;
  const [variant, setVariant] = useState(design?.chosen ?? 0);
  const [params, setParams] = useState<Record<string, number>>(saved?.params ?? {});
  const [colours, setColours] = useState<Record<string, string>>(saved?.colours ?? {});
  const [error, setError] = useState<string | null>(null);
  if (!design) return null;
  const chosen = design.variants[variant] ?? design.variants[0]!;
  const busy = actions.update.isPending || actions.startJob.isPending;

  function rebuild(choice: NonNullable<Draft['settings']['design']>) {
    setError(null);
    actions.update.mutate(
      { settings: { design: choice } },
      {
        onSuccess: () =>
          actions.startJob.mutate(
            { kind: 'model', key: newIdempotencyKey('generate') },
            { onError: (err) => setError(errorText(t, err)) },
          ),
        onError: (err) => setError(errorText(t, err)),
      },
    );
  }
  const seed = saved?.seed ?? 0;
  const nextSeed = Math.max(...design.variants.map((v) => v.seed)) + 1;
  const pick = (value: string) => {
    setVariant(Number(value));
    // Another variant has its own parameters: edits start again from its values.
    setParams({});
  };

  return (
    <Card testID="design-edit-card">
      <Text variant="h3">{t('design.title')}</Text>
      <ChoiceGroup
        label={t('design.variants')}
        look="pills"
        value={String(variant)}
        onChange={pick}
        choices={design.variants.map((v, i) => ({
          value: String(i),
          label: t('design.variant', { n: i + 1, design: v.design }),
        }))}
        testID="design-variants"
      />
      {chosen.parameters.map((p) => (
        <Select
          key={p.id}
          label={t('design.parameter', { name: p.id })}
          value={String(params[p.id] ?? p.value)}
          options={Array.from({ length: p.max - p.min + 1 }, (_, k) => ({
            value: String(p.min + k),
            label: String(p.min + k),
          }))}
          onChange={(v) => setParams((old) => ({ ...old, [p.id]: Number(v) }))}
          placeholder={String(p.value)}
          closeLabel={t('design.close')}
          testID={`design-param-${p.id}`}
        />
      ))}
      {chosen.parts.map((part) => (
        <Select
          key={part.name}
          label={t('design.colour', { part: part.name })}
          value={colours[part.name] ?? part.colour}
          options={PALETTE.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => setColours((old) => ({ ...old, [part.name]: v }))}
          placeholder={part.colour}
          closeLabel={t('design.close')}
          testID={`design-colour-${part.name.replaceAll(' ', '-')}`}
        />
      ))}
      <View style={styles.row}>
        <Button
          label={t('design.rebuild')}
          onPress={() => rebuild({ seed, variant, params, colours })}
          disabled={disabled}
          busy={busy}
          testID="design-rebuild"
        />
        <Button
          label={t('design.again')}
          kind="secondary"
          onPress={() => rebuild({ seed: nextSeed })}
          disabled={disabled}
          busy={busy}
          testID="design-again"
        />
      </View>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </Card>
  );
}

const styles = StyleSheet.create({ row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md } });
