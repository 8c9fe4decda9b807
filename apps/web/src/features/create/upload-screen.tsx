/**
 * Create Mode A, first step: choose a model file (formats and size limit from the server), set the
 * kit's size and orientation, and upload it with real progress. The server checks the file as it
 * arrives; then a draft is made, its model check starts, and the draft's workspace takes over.
 * The upload's progress and a refusal show next to the button, and a refusal is brought into view.
 */
import { DRAFT_TITLE_MAX_LENGTH } from '@kitwright/contracts/constants';
import { MODEL_FILE_EXTENSIONS, MODEL_FORMATS, type ModelFormat } from '@kitwright/mesher/constants';
import { useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Button,
  Card,
  Columns,
  Input,
  Loading,
  Notice,
  ProgressBar,
  space,
  Text,
  useLayout,
} from '../../design';
import { useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { useUploadFile } from '../../state/queries/uploads';
import { errorText } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { CreateStartScreen } from './create-start';
import { FilePicker } from './file-picker';
import type { FilePickerStrings, FilePickerTestIDs } from './file-picker.types';
import { DEFAULT_SETTINGS, KitSettings, type KitSettingsValue } from './kit-settings';
import { extensionOf, formatBytes, type PickedFile, uploadFileOf } from './picked-file';
import { type UploadFailure, uploadFailure } from './upload-error';
import { useStartDesign } from './use-start-design';

const MODEL_TEST_IDS: FilePickerTestIDs = {
  zone: 'model-drop-zone',
  input: 'model-file-input',
  choose: 'choose-file',
  chosen: 'chosen-file-name',
  error: 'pick-error',
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; loaded: number; total: number }
  | { kind: 'starting' }
  | { kind: 'failed'; failure: UploadFailure };

export function UploadScreen() {
  const { t } = useI18n();
  return (
    <CreateStartScreen
      mode="A"
      title={t('create.upload.title')}
      intro={t('create.upload.intro')}
      Form={UploadForm}
    />
  );
}

function UploadForm() {
  const { t, locale } = useI18n();
  const uploadModel = useUploadFile();
  const startDesign = useStartDesign();
  const { layout } = useLayout();
  const shell = useAppShell();
  const limits = shell.data?.config.uploads;
  const formats: readonly string[] = limits?.model_formats ?? MODEL_FORMATS;
  // The endings a chosen file may have: a format's own, and `.zip` for a glTF with its files.
  const extensions = formats.flatMap((f) => MODEL_FILE_EXTENSIONS[f as ModelFormat] ?? [f]);
  const maxBytes = limits?.max_model_bytes ?? null;
  const [file, setFile] = useState<PickedFile | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [settings, setSettings] = useState<KitSettingsValue>(DEFAULT_SETTINGS);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const busy = phase.kind === 'uploading' || phase.kind === 'starting';

  const pickerStrings: FilePickerStrings = {
    inputLabel: t('create.upload.fileLabel'),
    dropTitle: t('create.upload.dropTitle'),
    dropNow: t('create.upload.dropNow'),
    dropOr: t('create.upload.dropOr'),
    chosen: t('create.upload.chosen'),
    choose: t('create.upload.choose'),
    chooseAnother: t('create.upload.chooseAnother'),
  };
  const hint = t('create.upload.hint', {
    formats: formats.map((f) => f.toUpperCase()).join(', '),
    size: maxBytes ? formatBytes(maxBytes, locale) : '—',
  });

  function pick(chosen: PickedFile) {
    setPhase({ kind: 'idle' });
    if (!extensions.includes(extensionOf(chosen.name))) {
      setFile(null);
      setPickError(
        t('create.upload.wrongFormat', {
          name: chosen.name,
          formats: formats.map((f) => f.toUpperCase()).join(', '),
        }),
      );
      return;
    }
    if (maxBytes && chosen.size > maxBytes) {
      setFile(null);
      setPickError(
        t('create.upload.tooBig', {
          size: formatBytes(chosen.size, locale),
          max: formatBytes(maxBytes, locale),
        }),
      );
      return;
    }
    if (chosen.size === 0) {
      setFile(null);
      setPickError(t('problem.EMPTY_FILE'));
      return;
    }
    setPickError(null);
    setFile(chosen);
  }

  async function start() {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', loaded: 0, total: file.size });
    let uploadId: string;
    try {
      const upload = await uploadModel.mutateAsync({
        file: uploadFileOf(file),
        name: file.name,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setPhase({ kind: 'uploading', loaded, total }),
      });
      uploadId = upload.id;
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') {
        setPhase({ kind: 'idle' });
        return;
      }
      setPhase({ kind: 'failed', failure: uploadFailure(t, err) });
      return;
    }
    setPhase({ kind: 'starting' });
    try {
      await startDesign(
        {
          mode: 'A',
          source_upload_id: uploadId,
          source_language: locale,
          source_surface: 'web_upload',
          settings: {
            size: settings.size,
            up_axis: settings.up_axis,
            hollow_wall_thickness: settings.hollow_wall_thickness,
          },
          ...(title.trim() ? { title: title.trim() } : {}),
        },
        'model',
      );
    } catch (err) {
      setPhase({ kind: 'failed', failure: { text: errorText(t, err), code: null, detail: null } });
    }
  }

  const wide = layout === 'desktop';
  const settingsCard = (
    <Card>
      <Text variant="h3">{t('create.settings.title')}</Text>
      <KitSettings value={settings} onChange={setSettings} />
    </Card>
  );

  return (
    <Columns
      main={
        <>
          <FilePicker
            accept={{ extensions }}
            icon="model"
            strings={pickerStrings}
            native={{ kind: 'unavailable', notice: t('create.upload.nativeUnavailable') }}
            testIDs={MODEL_TEST_IDS}
            hint={hint}
            file={file}
            onPick={pick}
            disabled={busy}
            error={pickError}
          />
          <Input
            label={t('create.upload.titleLabel')}
            help={t('create.upload.titleHelp')}
            value={title}
            onChangeText={setTitle}
            maxLength={DRAFT_TITLE_MAX_LENGTH}
            editable={!busy}
          />
          {wide ? null : settingsCard}
          {/* Next to the button that was pressed: the answer appears where the person is looking. */}
          {phase.kind === 'uploading' ? (
            <Card testID="upload-progress-card">
              <ProgressBar
                label={t('create.upload.uploading', { name: file?.name ?? '' })}
                value={phase.total > 0 ? phase.loaded / phase.total : null}
                detail={t('create.upload.progressDetail', {
                  loaded: formatBytes(phase.loaded, locale),
                  total: formatBytes(phase.total, locale),
                })}
                testID="upload-progress"
              />
              <Text variant="caption" tone="muted">
                {phase.loaded >= phase.total ? t('create.upload.checking') : t('create.upload.keepOpen')}
              </Text>
              <View style={styles.row}>
                <Button
                  label={t('create.upload.cancel')}
                  kind="ghost"
                  size="sm"
                  onPress={() => abort.current?.abort()}
                />
              </View>
            </Card>
          ) : null}
          {phase.kind === 'starting' ? <Loading label={t('create.upload.startingDraft')} /> : null}
          {phase.kind === 'failed' ? (
            <Notice tone="error" title={t('create.upload.failedTitle')} reveal testID="upload-problem">
              <Text>{phase.failure.text}</Text>
              {phase.failure.detail ? (
                <Text variant="caption" tone="muted">
                  {phase.failure.detail}
                </Text>
              ) : null}
              {phase.failure.code ? (
                <Text variant="caption" tone="muted">
                  {t('create.problem.code', { code: phase.failure.code })}
                </Text>
              ) : null}
            </Notice>
          ) : null}
          <Button
            label={t('create.upload.submit')}
            onPress={() => void start()}
            disabled={!file}
            busy={busy}
            full
            testID="upload-submit"
          />
        </>
      }
      side={
        <>
          {wide ? settingsCard : null}
          <Card>
            <Text variant="h3">{t('create.upload.tipsTitle')}</Text>
            <Text tone="muted">{t('create.upload.tips')}</Text>
            <SmallLink href="/help/safety" label={t('help.safety.short')} />
          </Card>
        </>
      }
    />
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', gap: space.sm },
});
