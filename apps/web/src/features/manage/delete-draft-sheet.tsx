/** Deleting a draft that was never published, with its files, after asking. */
import { Text } from '../../design';
import { useT } from '../../i18n';
import { useDeleteDraft } from '../../state/queries/drafts';
import { ConfirmSheet } from './confirm-sheet';

export function DeleteDraftSheet({
  draft,
  onClose,
}: {
  /** The draft to delete; the sheet is open while there is one. */
  draft: { id: string; title: string; mode: 'A' | 'B' } | null;
  onClose: () => void;
}) {
  const t = useT();
  const remove = useDeleteDraft();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmSheet
      open={draft !== null}
      title={t('manage.draft.deleteTitle')}
      confirmLabel={t('manage.draft.deleteConfirm')}
      keepLabel={t('manage.delete.keep')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => {
        if (draft) remove.mutate(draft.id, { onSuccess: close });
      }}
      onClose={close}
      testID="delete-draft-sheet"
    >
      <Text>
        {t(draft?.mode === 'B' ? 'manage.draft.deleteBodyPrompt' : 'manage.draft.deleteBody', {
          title: draft?.title ?? '',
        })}
      </Text>
    </ConfirmSheet>
  );
}
