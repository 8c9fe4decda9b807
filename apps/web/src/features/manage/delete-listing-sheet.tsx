/**
 * Deleting a published design, after saying what goes (page, kit, pictures, draft, saves) and what
 * happens to the people who reserved it (their reservations are cancelled and they are told).
 */
import { Text } from '../../design';
import { useI18n } from '../../i18n';
import { useManageListing } from '../../state/queries/listing';
import { ConfirmSheet } from './confirm-sheet';

export function DeleteListingSheet({
  listing,
  open,
  onClose,
  onDeleted,
}: {
  listing: { id: string; title: string; reservations: number };
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useI18n();
  const { remove } = useManageListing(listing.id);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmSheet
      open={open}
      title={t('manage.delete.title', { title: listing.title })}
      confirmLabel={t('manage.delete.confirm')}
      keepLabel={t('manage.delete.keep')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
      onClose={close}
      testID="delete-listing-sheet"
    >
      <Text>{t('manage.delete.what')}</Text>
      {listing.reservations > 0 ? (
        <Text weight="bold">{t('manage.delete.reservations', { count: listing.reservations })}</Text>
      ) : null}
      <Text>{t('manage.delete.noUndo')}</Text>
    </ConfirmSheet>
  );
}
