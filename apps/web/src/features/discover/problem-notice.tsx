/** A request that failed, in plain words, with the way to try it again. */
import { Button, Notice } from '../../design';
import { useT } from '../../i18n';
import { problemText } from './request-problems';

export function ProblemNotice({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const t = useT();
  return (
    <Notice
      tone="error"
      title={title}
      action={<Button label={t('common.retry')} kind="secondary" onPress={onRetry} />}
    >
      {problemText(error, t)}
    </Notice>
  );
}
