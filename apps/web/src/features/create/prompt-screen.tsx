/**
 * Create Mode B: describe a construction in words (English, French or German); the generator designs
 * it from its library (queued, then a success or a "degraded" best effort that says why). A prompt
 * naming no design the library has is answered at once with the nearest designs. Switched off with the modeB
 * flag, which this page says plainly instead of failing on submit. A prompt that describes a use
 * kits are not allowed for ("a bench for two") is said so as it is typed; on "Design it" the server,
 * the authority, refuses it with the rule before any draft exists, and its answer is shown.
 */
import { DRAFT_PROMPT_MAX_LENGTH, DRAFT_PROMPT_MIN_LENGTH } from '@kitwright/contracts/constants';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Card, ChoiceGroup, Columns, Input, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { errorText, fieldErrorsOf } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { CreateStartScreen } from './create-start';
import { realSize } from './kit-size';
import { PROMPT_EXAMPLES } from './prompt-examples';
import { type PromptRefusal, promptRefusalOf } from './prompt-refusal';
import { type UnknownDesign, unknownDesignOf } from './prompt-unknown';
import { PromptUnknownNotice } from './prompt-unknown-notice';
import { PromptUseNotice } from './prompt-use-notice';
import { withPictureChoice } from './reference-form';
import { useStartDesign } from './use-start-design';

export function PromptScreen() {
  const { t } = useI18n();
  return (
    <CreateStartScreen
      mode="B"
      title={t('create.prompt.title')}
      intro={t('create.prompt.intro')}
      Form={PromptOrPictureForm}
    />
  );
}

/** Issue 19: the same screen also starts a design from a picture (reference-form.tsx). */
const PromptOrPictureForm = withPictureChoice(PromptForm);

function PromptForm() {
  const { t, locale } = useI18n();
  const startDesign = useStartDesign();
  const shell = useAppShell();
  const enabled = shell.data ? shell.data.flags.modeB : true;
  const [prompt, setPrompt] = useState('');
  const [size, setSize] = useState('24');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  /** Times the server refused "Design it" for a prompt describing a use that cannot be published. */
  const [refusedTries, setRefusedTries] = useState(0);
  /** The server's refusal, for the prompt it was given. */
  const [refused, setRefused] = useState<(PromptRefusal & { prompt: string }) | null>(null);
  /** The server's answer that no design is called what the prompt names, for that prompt. */
  const [unknown, setUnknown] = useState<(UnknownDesign & { prompt: string }) | null>(null);

  async function submit() {
    const text = prompt.trim();
    if (text.length < DRAFT_PROMPT_MIN_LENGTH) {
      setFieldError(t('create.prompt.tooShort'));
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await startDesign(
        {
          mode: 'B',
          prompt: text,
          source_language: locale,
          source_surface: 'web_prompt',
          settings: { size: Number(size) },
        },
        'generate',
      );
    } catch (err) {
      // Not made: the server refused a design for a use kits are not allowed for. The notice beside
      // the button says why (in the person's language) and comes into view.
      const refusal = promptRefusalOf(err);
      if (refusal) {
        setRefused({ ...refusal, prompt: text });
        setRefusedTries((n) => n + 1);
        setBusy(false);
        return;
      }
      // Not made: no design is called what the prompt names. The nearest ones are offered instead.
      const noDesign = unknownDesignOf(err);
      if (noDesign) {
        setUnknown({ ...noDesign, prompt: text });
        setBusy(false);
        return;
      }
      const fields = fieldErrorsOf(t, err, { prompt: 'create.prompt.tooShort' });
      setFieldError(fields.prompt);
      if (!fields.prompt) setError(errorText(t, err));
      setBusy(false);
    }
  }

  if (!enabled) {
    return (
      <Notice tone="warning" title={t('create.prompt.offTitle')} testID="mode-b-off">
        <Text>{t('create.prompt.offBody')}</Text>
        <SmallLink href="/create/upload" label={t('create.hub.modeA.action')} />
      </Notice>
    );
  }

  return (
    <Columns
      main={
        <>
          <Input
            label={t('create.prompt.label')}
            help={t('create.prompt.help')}
            value={prompt}
            onChangeText={setPrompt}
            multiline
            maxLength={DRAFT_PROMPT_MAX_LENGTH}
            error={fieldError}
            testID="prompt-input"
          />
          <View style={styles.examples}>
            <Text variant="label">{t('create.prompt.examples')}</Text>
            <View style={styles.chips}>
              {PROMPT_EXAMPLES[locale].map((example) => (
                <Button
                  key={example}
                  label={example}
                  kind="secondary"
                  size="sm"
                  onPress={() => setPrompt(example)}
                />
              ))}
            </View>
          </View>
          <ChoiceGroup
            label={t('create.settings.size')}
            help={t('create.prompt.sizeHelp')}
            look="pills"
            value={size}
            onChange={setSize}
            choices={['16', '24', '32', '48'].map((n) => ({
              value: n,
              label: t('create.settings.sizeChoice', { count: Number(n), real: realSize(Number(n), locale) }),
            }))}
          />
          {unknown && unknown.prompt === prompt.trim() ? (
            <PromptUnknownNotice unknown={unknown} onChoose={(next) => setPrompt(next)} />
          ) : null}
          <PromptUseNotice
            key={refusedTries}
            prompt={prompt}
            context="prompt"
            reveal={refusedTries > 0}
            refusal={refused && refused.prompt === prompt.trim() ? refused : null}
          />
          {error ? (
            <Notice tone="error" testID="prompt-error">
              {error}
            </Notice>
          ) : null}
          <Button
            label={t('create.prompt.submit')}
            onPress={() => void submit()}
            busy={busy}
            full
            testID="prompt-submit"
          />
        </>
      }
      side={
        <>
          <Card>
            <Text variant="h3">{t('create.prompt.howTitle')}</Text>
            <Text tone="muted">{t('create.prompt.how')}</Text>
            <Text variant="caption" tone="muted">
              {t('create.prompt.english')}
            </Text>
          </Card>
          <Card>
            <Text variant="h3">{t('create.prompt.statesTitle')}</Text>
            <Text tone="muted">{t('create.prompt.states')}</Text>
          </Card>
        </>
      }
    />
  );
}

const styles = StyleSheet.create({
  examples: { gap: space.sm },
  chips: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
