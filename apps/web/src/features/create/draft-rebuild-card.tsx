/**
 * Building a draft again with other settings (and, for a prompt's design, other words). An
 * upload's kit restarts by itself once the draft is back at "model checked"; a prompt's design is
 * started here.
 */
import type { Draft } from '@kitwright/contracts';
import { DRAFT_PROMPT_MAX_LENGTH } from '@kitwright/contracts/constants';
import { newIdempotencyKey } from '@kitwright/sdk';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Card, Input, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useDraftActions } from '../../state/queries/drafts';
import { errorText } from '../account/error-text';
import { KitSettings, type KitSettingsValue } from './kit-settings';

export function DraftRebuildCard({ draft, disabled }: { draft: Draft; disabled: boolean }) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const [settings, setSettings] = useState<KitSettingsValue>({
    size: draft.settings.size,
    up_axis: draft.settings.up_axis,
    hollow_wall_thickness: draft.settings.hollow_wall_thickness,
  });
  const [prompt, setPrompt] = useState(draft.prompt ?? '');
  const [error, setError] = useState<string | null>(null);
  const changed =
    settings.size !== draft.settings.size ||
    settings.up_axis !== draft.settings.up_axis ||
    settings.hollow_wall_thickness !== draft.settings.hollow_wall_thickness ||
    (draft.mode === 'B' && prompt.trim() !== (draft.prompt ?? ''));
  const modelFailed = draft.mode === 'A' && draft.stage === 'created';

  function apply() {
    setError(null);
    const body =
      draft.mode === 'A'
        ? { settings }
        : {
            settings: { size: settings.size },
            ...(prompt.trim() !== draft.prompt ? { prompt: prompt.trim() } : {}),
          };
    actions.update.mutate(body, {
      onSuccess: () => {
        if (draft.mode === 'B')
          actions.startJob.mutate(
            { kind: 'model', key: newIdempotencyKey('generate') },
            { onError: (err) => setError(errorText(t, err)) },
          );
      },
      onError: (err) => setError(errorText(t, err)),
    });
  }

  if (modelFailed) return null;
  return (
    <Card testID="rebuild-card">
      <Text variant="h3">{draft.mode === 'A' ? t('create.rebuild.title') : t('create.rebuild.titleB')}</Text>
      <Text variant="caption" tone="muted">
        {t('create.rebuild.help')}
      </Text>
      {draft.mode === 'B' ? (
        <Input
          label={t('create.prompt.label')}
          value={prompt}
          onChangeText={setPrompt}
          multiline
          maxLength={DRAFT_PROMPT_MAX_LENGTH}
        />
      ) : null}
      <KitSettings value={settings} onChange={setSettings} model={draft.mode === 'A'} />
      <View style={styles.row}>
        <Button
          label={t('create.rebuild.submit')}
          onPress={apply}
          disabled={!changed || disabled}
          busy={actions.update.isPending || actions.startJob.isPending}
          testID="rebuild"
        />
      </View>
      {disabled ? (
        <Text variant="caption" tone="muted">
          {t('create.rebuild.wait')}
        </Text>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </Card>
  );
}

const styles = StyleSheet.create({ row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md } });
