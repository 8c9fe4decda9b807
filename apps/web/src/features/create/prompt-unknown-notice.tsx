/**
 * Said when the server answers that no design in the library is called what the prompt names
 * ("No design called “giraffe” yet"): nothing was made in its place. The nearest designs are offered
 * as buttons that put their name in the prompt, and a name plate of the word is one more choice,
 * made only if the person picks it.
 */
import { StyleSheet, View } from 'react-native';
import { Button, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { namePlatePrompt } from './prompt-examples';
import type { UnknownDesign } from './prompt-unknown';

export function PromptUnknownNotice({
  unknown,
  onChoose,
}: {
  unknown: UnknownDesign;
  /** Puts a new prompt in the field (a design offered, or a name plate of the word). */
  onChoose: (prompt: string) => void;
}) {
  const { t, locale } = useI18n();
  return (
    <Notice
      tone="warning"
      title={
        unknown.word
          ? t('create.prompt.unknownTitle', { word: unknown.word })
          : t('create.prompt.unknownNoneTitle')
      }
      reveal
      testID="prompt-unknown-design"
    >
      <Text>{t('create.prompt.unknownBody')}</Text>
      <View style={styles.choices}>
        {unknown.suggestions.map((s) => (
          <Button
            key={s.design}
            label={s.name}
            kind="secondary"
            size="sm"
            onPress={() => onChoose(s.name)}
            testID={`prompt-suggestion-${s.design}`}
          />
        ))}
      </View>
      {unknown.word ? (
        <Button
          label={t('create.prompt.unknownPlate', { word: unknown.word })}
          kind="secondary"
          size="sm"
          onPress={() => onChoose(namePlatePrompt(locale, unknown.word))}
          testID="prompt-name-plate"
        />
      ) : null}
      <Text variant="caption" tone="muted">
        {t('create.prompt.refusedNothingMade')}
      </Text>
    </Notice>
  );
}

const styles = StyleSheet.create({
  choices: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
