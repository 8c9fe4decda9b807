/**
 * Said as soon as a prompt describes a use block kits are not allowed for ("a bench for two" is a
 * seat for people): the rule is the contracts' `promptUseRestrictions`, the one the server applies
 * when the design is published, so the person learns it before anything is generated.
 */
import { promptUseRestrictions } from '@kitwright/contracts/constants';
import { Notice } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';

export function PromptUseNotice({
  prompt,
  context,
  reveal = false,
}: {
  prompt: string;
  /** Before making the design, or on a draft already made from such a prompt. */
  context: 'prompt' | 'draft';
  reveal?: boolean;
}) {
  const { t } = useI18n();
  const [restriction] = promptUseRestrictions(prompt);
  if (!restriction) return null;
  const reason = t(`publish.useCase.${restriction.use_case}.reason` as MessageKey);
  return (
    <Notice
      tone="warning"
      title={t('create.prompt.restrictedTitle')}
      reveal={reveal}
      testID="prompt-use-restricted"
    >
      {t(context === 'prompt' ? 'create.prompt.restricted' : 'create.prompt.restrictedDraft', {
        words: restriction.matched,
        reason,
      })}
    </Notice>
  );
}
