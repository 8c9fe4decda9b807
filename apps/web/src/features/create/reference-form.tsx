/**
 * Mode B from a picture (issue 19): on the Mode B screen, "Start from: words | a picture". With a
 * picture: choose it, a mosaic or a relief, its width, shape or height and dithering; the picture
 * is uploaded with the same checks as every image (type, size, metadata removed), then the draft
 * is made and its design started, and the draft's workspace shows the job, the preview and saving.
 */
import type { ReferenceOptions } from '@kitwright/contracts';
import { DRAFT_TITLE_MAX_LENGTH } from '@kitwright/contracts/constants';
import { type ComponentType, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Button,
  Card,
  ChoiceGroup,
  Columns,
  Input,
  Loading,
  Notice,
  ProgressBar,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { useUploadFile } from '../../state/queries/uploads';
import { errorText } from '../account/error-text';
import { FilePicker } from './file-picker';
import type { FilePickerStrings, FilePickerTestIDs } from './file-picker.types';
import { extensionOf, formatBytes, type PickedFile, uploadFileOf } from './picked-file';
import { DEFAULT_REFERENCE, ReferenceOptionsFields, referenceBody } from './reference-options';
import { type UploadFailure, uploadFailure } from './upload-error';
import { useStartDesign } from './use-start-design';

const PICTURE_FORMATS = ['png', 'jpg', 'jpeg', 'webp'];
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const PICTURE_TEST_IDS: FilePickerTestIDs = {
  zone: 'reference-drop-zone',
  input: 'reference-file-input',
  choose: 'reference-choose',
  chosen: 'reference-chosen',
  error: 'reference-pick-error',
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; loaded: number; total: number }
  | { kind: 'starting' }
  | { kind: 'failed'; failure: UploadFailure };

/** The Mode B form with a choice of what to start from: the prompt form given, or a picture. */
export function withPictureChoice(PromptForm: ComponentType): ComponentType {
  return function PromptOrPicture() {
    const { t } = useI18n();
    const shell = useAppShell();
    const [source, setSource] = useState<'words' | 'picture'>('words');
    // Switched off, the prompt form says so for both.
    if (shell.data && !shell.data.flags.modeB) return <PromptForm />;
    return (
      <View style={styles.stack}>
        <ChoiceGroup
          label={t('reference.source.label')}
          look="pills"
          value={source}
          onChange={setSource}
          choices={[
            { value: 'words', label: t('reference.source.words') },
            { value: 'picture', label: t('reference.source.picture') },
          ]}
          testID="mode-b-source"
        />
        {source === 'words' ? <PromptForm /> : <ReferenceForm />}
      </View>
    );
  };
}

/** The picture form: exported for the app's component tests. */
export function ReferenceForm() {
  const { t, locale } = useI18n();
  const shell = useAppShell();
  const upload = useUploadFile();
  const startDesign = useStartDesign();
  const maxBytes = shell.data?.config.uploads.max_image_bytes ?? null;
  const [file, setFile] = useState<PickedFile | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [options, setOptions] = useState<ReferenceOptions>(DEFAULT_REFERENCE);
  const [title, setTitle] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'uploading' || phase.kind === 'starting';
  const pickerStrings: FilePickerStrings = {
    inputLabel: t('reference.pick.label'),
    dropTitle: t('reference.pick.dropTitle'),
    dropNow: t('reference.pick.dropNow'),
    dropOr: t('reference.pick.dropOr'),
    chosen: t('reference.pick.chosen'),
    choose: t('reference.pick.choose'),
    chooseAnother: t('reference.pick.another'),
  };

  function pick(chosen: PickedFile) {
    setPhase({ kind: 'idle' });
    const known =
      PICTURE_FORMATS.includes(extensionOf(chosen.name)) || PICTURE_TYPES.includes(chosen.type ?? '');
    const problem = !known
      ? t('reference.pick.wrongFormat', { name: chosen.name })
      : maxBytes && chosen.size > maxBytes
        ? t('reference.pick.tooBig', {
            size: formatBytes(chosen.size, locale),
            max: formatBytes(maxBytes, locale),
          })
        : chosen.size === 0
          ? t('problem.EMPTY_FILE')
          : null;
    setPickError(problem);
    setFile(problem ? null : chosen);
  }

  async function start() {
    if (!file) {
      setPickError(t('reference.pick.required'));
      return;
    }
    setPhase({ kind: 'uploading', loaded: 0, total: file.size });
    let uploadId: string;
    try {
      const sent = await upload.mutateAsync({
        file: uploadFileOf(file),
        name: file.name,
        onProgress: ({ loaded, total }) => setPhase({ kind: 'uploading', loaded, total }),
      });
      uploadId = sent.id;
    } catch (err) {
      setPhase({ kind: 'failed', failure: uploadFailure(t, err) });
      return;
    }
    setPhase({ kind: 'starting' });
    try {
      await startDesign(
        {
          mode: 'B',
          source_upload_id: uploadId,
          reference: referenceBody(options),
          source_language: locale,
          source_surface: 'web_picture',
          ...(title.trim() ? { title: title.trim() } : {}),
        },
        'generate',
      );
    } catch (err) {
      setPhase({ kind: 'failed', failure: { text: errorText(t, err), code: null, detail: null } });
    }
  }

  return (
    <Columns
      main={
        <>
          <View style={styles.heading}>
            <Text variant="h2">{t('reference.title')}</Text>
            <Text tone="muted">{t('reference.intro')}</Text>
          </View>
          <FilePicker
            accept={{ extensions: PICTURE_FORMATS, mimeTypes: PICTURE_TYPES }}
            icon="picture"
            strings={pickerStrings}
            native={{
              kind: 'photos',
              library: t('reference.pick.library'),
              camera: t('reference.pick.camera'),
              cameraRefused: t('reference.pick.cameraRefused'),
            }}
            testIDs={PICTURE_TEST_IDS}
            hint={t('reference.pick.hint', { size: maxBytes ? formatBytes(maxBytes, locale) : '—' })}
            file={file}
            onPick={pick}
            disabled={busy}
            error={pickError}
          />
          <ReferenceOptionsFields value={options} onChange={setOptions} />
          <Input
            label={t('reference.titleLabel')}
            value={title}
            onChangeText={setTitle}
            maxLength={DRAFT_TITLE_MAX_LENGTH}
            editable={!busy}
          />
          {phase.kind === 'uploading' ? (
            <ProgressBar
              label={t('reference.uploading')}
              value={phase.total > 0 ? phase.loaded / phase.total : null}
              detail={t('create.upload.progressDetail', {
                loaded: formatBytes(phase.loaded, locale),
                total: formatBytes(phase.total, locale),
              })}
              testID="reference-upload-progress"
            />
          ) : null}
          {phase.kind === 'starting' ? <Loading label={t('reference.starting')} /> : null}
          {phase.kind === 'failed' ? (
            <Notice tone="error" title={t('reference.failedTitle')} reveal testID="reference-problem">
              <Text>{phase.failure.text}</Text>
              {phase.failure.code ? (
                <Text variant="caption" tone="muted">
                  {t('create.problem.code', { code: phase.failure.code })}
                </Text>
              ) : null}
            </Notice>
          ) : null}
          <Button
            label={t('reference.submit')}
            onPress={() => void start()}
            busy={busy}
            full
            testID="reference-submit"
          />
        </>
      }
      side={
        <Card>
          <Text variant="h3">{t('reference.howTitle')}</Text>
          <Text tone="muted">{t('reference.how')}</Text>
        </Card>
      }
    />
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.lg },
  heading: { gap: space.xs },
});
