/** Naming a draft and saving the name (the draft itself is always kept). */
import type { Draft } from '@kitwright/contracts';
import { DRAFT_TITLE_MAX_LENGTH } from '@kitwright/contracts/constants';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Card, Input, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useDraftActions } from '../../state/queries/drafts';
import { errorText } from '../account/error-text';

export function DraftSaveCard({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const [title, setTitle] = useState(draft.title ?? '');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  function save() {
    setError(null);
    setSaved(false);
    actions.update.mutate(
      { title: title.trim() },
      { onSuccess: () => setSaved(true), onError: (err) => setError(errorText(t, err)) },
    );
  }
  return (
    <Card testID="save-card">
      <Text variant="h3">{t('create.save.title')}</Text>
      <Input
        label={t('create.save.nameLabel')}
        value={title}
        onChangeText={(v) => {
          setTitle(v);
          setSaved(false);
        }}
        maxLength={DRAFT_TITLE_MAX_LENGTH}
        onSubmitEditing={save}
      />
      <Text variant="caption" tone="muted">
        {t('create.save.help')}
      </Text>
      <View style={styles.row}>
        <Button
          label={t('create.save.submit')}
          kind="secondary"
          onPress={save}
          busy={actions.update.isPending}
          testID="save-draft"
        />
      </View>
      {saved ? (
        <Notice tone="success" testID="draft-saved">
          {t('create.save.done')}
        </Notice>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </Card>
  );
}

const styles = StyleSheet.create({ row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md } });
