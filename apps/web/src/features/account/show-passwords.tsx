/** One switch that reveals every password field of a form (easier on phones than per-field eyes). */
import { Checkbox } from '../../design';
import { useT } from '../../i18n';

export function ShowPasswords({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  const t = useT();
  return (
    <Checkbox label={t('account.showPassword')} checked={shown} onChange={onChange} testID="show-passwords" />
  );
}
