/**
 * Evidence on a support message (a photo, a model file): the person's own uploads, so only when
 * signed in and where the app can pick files (the web). The opening message and every reply use
 * the same state and the same control, and the server checks the same rules on both.
 */
import { SUPPORT_ATTACHMENTS_PER_MESSAGE } from '@kitwright/contracts/constants';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { Button, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { useUploadPhoto } from '../../state/queries/uploads';
import { errorText } from '../account/error-text';
import { extensionOf, type PickedFile } from '../create/picked-file';
import { canAttach, FilePicker } from '../tester/file-picker';

interface Attached {
  id: string;
  name: string;
}

export function useSupportAttachments() {
  const { t } = useI18n();
  const user = useSessionUser();
  const uploads = useAppShell().data?.config.uploads;
  const upload = useUploadPhoto();
  const [files, setFiles] = useState<Attached[]>([]);
  const [error, setError] = useState<string | null>(null);
  const formats = uploads ? [...uploads.image_formats, ...uploads.model_formats] : [];

  async function attach(file: PickedFile) {
    setError(null);
    if (!formats.includes(extensionOf(file.name))) {
      setError(t('tester.support.fileType', { formats: formats.join(', ') }));
      return;
    }
    try {
      const made = await upload.mutateAsync({
        file: file.blob
          ? (file.blob as File)
          : { uri: file.uri ?? '', name: file.name, type: file.type ?? '' },
        name: file.name,
      });
      setFiles((f) => [...f, { id: made.id, name: file.name }]);
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return {
    /** Whether this person can attach here at all (signed in, on the web, formats known). */
    available: canAttach && Boolean(user) && formats.length > 0,
    files,
    error,
    formats,
    busy: upload.isPending,
    attach,
    remove: (id: string) => setFiles((all) => all.filter((f) => f.id !== id)),
    clear: () => setFiles([]),
    /** The request's `attachments` field: absent when there are none. */
    field: (): { attachments?: string[] } => (files.length ? { attachments: files.map((f) => f.id) } : {}),
  };
}

export type SupportAttachmentsState = ReturnType<typeof useSupportAttachments>;

export function SupportAttachments({ state }: { state: SupportAttachmentsState }) {
  const { t } = useI18n();
  if (!state.available) return null;
  return (
    <View style={styles.files} testID="support-attachments">
      {state.files.map((f) => (
        <View key={f.id} style={styles.row}>
          <Text variant="caption">{t('tester.support.attached', { name: f.name })}</Text>
          <Button
            label={t('tester.support.remove', { name: f.name })}
            kind="ghost"
            size="sm"
            onPress={() => state.remove(f.id)}
          />
        </View>
      ))}
      {state.files.length < SUPPORT_ATTACHMENTS_PER_MESSAGE ? (
        <FilePicker
          formats={state.formats}
          onPick={(f) => void state.attach(f)}
          busy={state.busy}
          label={t('tester.support.attach')}
          inputLabel={t('tester.support.attachInput')}
          testID="support-attach"
        />
      ) : null}
      {state.error ? <Notice tone="error">{state.error}</Notice> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  files: { gap: space.sm, alignItems: 'flex-start' },
});
