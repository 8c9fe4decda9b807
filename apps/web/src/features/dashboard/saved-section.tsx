/**
 * The listings the viewer saved (signed in, or in this visitor session), and those saved that
 * cannot be shown now (unpublished by their designer, made private, in review), to take off.
 */
import type { DashboardResponse } from '@kitwright/contracts';
import { View } from 'react-native';
import { Button, ButtonLink, Notice, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useRemoveSave } from '../../state/queries/listing';
import { CardGrid } from '../discover/card-grid';
import { ListingCard } from '../discover/listing-card';
import { problemText } from '../discover/request-problems';
import { Empty, rowStyles, Section, Thumb } from './section';

export function Saved({
  saved,
  unavailable,
}: {
  saved: DashboardResponse['saved'];
  unavailable: DashboardResponse['saved_unavailable'];
}) {
  const { t } = useI18n();
  const remove = useRemoveSave();
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
      {unavailable.length > 0 ? (
        <View style={rowStyles.rows} testID="dashboard-saved-unavailable">
          <Text variant="h3">{t('manage.saved.unavailableTitle')}</Text>
          {remove.isError ? <Notice tone="error">{problemText(remove.error, t)}</Notice> : null}
          <View style={rowStyles.rows} role="list">
            {unavailable.map((ref) => (
              <View key={ref.id} role="listitem" style={rowStyles.rowCard}>
                <Thumb uri={null} />
                <View style={rowStyles.rowText}>
                  <Text variant="label">{ref.title}</Text>
                  <Text variant="caption" tone="muted">
                    {t('common.designedBy', { name: ref.designer.display_name })}
                  </Text>
                  <Text variant="caption" tone="muted">
                    {t('manage.saved.unavailable')}
                  </Text>
                </View>
                <Button
                  label={t('manage.saved.remove')}
                  kind="ghost"
                  busy={remove.isPending && remove.variables === ref.id}
                  onPress={() => remove.mutate(ref.id)}
                  testID="saved-remove"
                />
              </View>
            ))}
          </View>
        </View>
      ) : null}
    </Section>
  );
}
