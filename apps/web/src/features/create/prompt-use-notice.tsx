/**
 * Said as soon as a prompt describes a use block kits are not allowed for ("a bench for two" is a
 * seat for people): the rule is the contracts' `promptUseRestrictions`, the one the server applies
 * when the draft is made, so the person learns it before anything is generated. When the server
 * refused the prompt (`refusal`), its answer is what is said, with a line that nothing was made.
 */
import { promptUseRestrictions } from '@kitwright/contracts/constants';
import { Notice, Text } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import type { PromptRefusal } from './prompt-refusal';

export function PromptUseNotice({
  prompt,
  context,
  reveal = false,
  refusal = null,
}: {
  prompt: string;
  /** Before making the design, or on a draft already made from such a prompt. */
  context: 'prompt' | 'draft';
  reveal?: boolean;
  /** The server's refusal of this prompt (it is the authority): said even if the app's rule missed it. */
  refusal?: PromptRefusal | null;
}) {
  const { t } = useI18n();
  const restriction = refusal ?? promptUseRestrictions(prompt)[0];
  if (!restriction) return null;
  const reason = t(`publish.useCase.${restriction.use_case}.reason` as MessageKey);
  return (
    <Notice
      tone="warning"
      title={t('create.prompt.restrictedTitle')}
      reveal={reveal}
      testID="prompt-use-restricted"
    >
      <Text>
        {t(context === 'prompt' ? 'create.prompt.restricted' : 'create.prompt.restrictedDraft', {
          words: restriction.matched,
          reason,
        })}
      </Text>
      {refusal ? (
        <Text variant="caption" tone="muted" testID="prompt-refused-by-server">
          {t('create.prompt.refusedNothingMade')}
        </Text>
      ) : null}
    </Notice>
  );
}
