import { ButtonLink, Notice } from '../../design';
import { useI18n } from '../../i18n';

/** "This draft is published", with the way to its listing. */
export function PublishedNotice({ listingId, children }: { listingId: string | null; children: string }) {
  const { t } = useI18n();
  return (
    <Notice
      tone="success"
      title={t('create.draft.publishedTitle')}
      action={
        <ButtonLink label={t('create.draft.openListing')} href={`/listing/${listingId}` as never} size="sm" />
      }
    >
      {children}
    </Notice>
  );
}
