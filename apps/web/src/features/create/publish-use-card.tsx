/**
 * The use a design is meant for and the safety answers (rule 4: only free-standing and decorative
 * uses): a blocked use is offered with its reason, and a risky answer is marked after a refusal.
 */
import {
  ALLOWED_USE_CASES,
  BLOCKED_USE_CASES,
  SAFETY_QUESTIONS,
  type SafetyQuestion,
  type UseCase,
} from '@kitwright/contracts/constants';
import { StyleSheet, View } from 'react-native';
import { Card, ChoiceGroup, Notice, space, Text } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { blockedReason, isBlockedUse, type SafetyAnswers } from './publish-rules';

export function PublishUseCard({
  useCase,
  onUseCase,
  safety,
  onSafety,
  risky,
  useCaseError,
  safetyError,
}: {
  useCase: UseCase | null;
  onUseCase: (useCase: UseCase) => void;
  safety: SafetyAnswers;
  onSafety: (question: SafetyQuestion, risky: boolean) => void;
  risky: SafetyQuestion[];
  useCaseError: string | undefined;
  safetyError: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <Card>
      <Text variant="h2">{t('publish.section.use')}</Text>
      <Text tone="muted">{t('publish.section.useIntro')}</Text>
      <ChoiceGroup
        label={t('publish.field.useCase')}
        value={useCase}
        onChange={(v) => onUseCase(v as UseCase)}
        error={useCaseError}
        choices={[...ALLOWED_USE_CASES, ...BLOCKED_USE_CASES].map((u) => ({
          value: u,
          label: isBlockedUse(u)
            ? t('publish.useCase.blockedLabel', { use: t(`publish.useCase.${u}` as MessageKey) })
            : t(`publish.useCase.${u}` as MessageKey),
          description: isBlockedUse(u) ? blockedReason(t, u) : t(`publish.useCase.${u}.help` as MessageKey),
        }))}
        testID="publish-use-case"
      />
      {isBlockedUse(useCase) ? (
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
            onChange={(v) => onSafety(q, v === 'yes')}
            error={risky.includes(q) ? t('publish.refused.safetyAnswer') : null}
            choices={[
              { value: 'no', label: t('publish.no') },
              { value: 'yes', label: t('publish.yes') },
            ]}
            testID={`safety-${q}`}
          />
        ))}
        {safetyError ? (
          <Text variant="caption" tone="danger" role="alert">
            {safetyError}
          </Text>
        ) : null}
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({ safety: { gap: space.md } });
