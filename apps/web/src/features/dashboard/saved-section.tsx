/** The listings the viewer saved (signed in, or in this visitor session). */
import type { DashboardResponse } from '@kitwright/contracts';
import { ButtonLink, Text } from '../../design';
import { useI18n } from '../../i18n';
import { CardGrid } from '../discover/card-grid';
import { ListingCard } from '../discover/listing-card';
import { Empty, Section } from './section';

export function Saved({ saved }: { saved: DashboardResponse['saved'] }) {
  const { t } = useI18n();
  return (
    <Section title={t('dashboard.saved')} count={saved.length} testID="dashboard-saved">
      {saved.length === 0 ? (
        <Empty>
          <Text tone="muted">{t('dashboard.noSaved')}</Text>
          <ButtonLink label={t('home.browseCta')} kind="secondary" href="/gallery" />
        </Empty>
      ) : (
        <CardGrid max={3}>
          {saved.map((listing) => (
            <ListingCard key={listing.id} listing={listing} from="dashboard" />
          ))}
        </CardGrid>
      )}
    </Section>
  );
}
