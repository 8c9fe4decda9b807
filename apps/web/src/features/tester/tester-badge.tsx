/**
 * The tester badge: shown to a signed-in person who joined a beta cohort (myBeta), with the
 * cohorts' names; nothing for anyone else.
 */
import { StyleSheet, View } from 'react-native';
import { Badge, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useMyBeta } from '../../state/queries/beta';

export function TesterBadge({ withCohorts = true }: { withCohorts?: boolean }) {
  const { t } = useI18n();
  const beta = useMyBeta();
  if (!beta.data?.tester) return null;
  return (
    <View style={styles.row} testID="tester-badge">
      <Badge label={t('tester.badge')} tone="brand" />
      {withCohorts ? (
        <Text variant="caption" tone="muted">
          {t('tester.cohorts', { names: beta.data.cohorts.map((c) => c.cohort_name).join(', ') })}
        </Text>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
});
