/** Asks once for analytics consent; essential operation works whatever the answer. */
import { Platform, StyleSheet, View } from 'react-native';
import { Button, colors, LinkBlock, radius, space, Text } from '../design';
import { useT } from '../i18n';
import { useConsent } from '../state/consent';

export function ConsentBanner() {
  const t = useT();
  const { consent, setConsent } = useConsent();
  if (consent !== 'unset') return null;
  return (
    <View role="region" aria-label={t('consent.title')} style={styles.banner} testID="consent-banner">
      <Text variant="label">{t('consent.title')}</Text>
      <Text variant="caption">{t('consent.body')}</Text>
      <View style={styles.actions}>
        <Button
          label={t('consent.reject')}
          kind="secondary"
          size="sm"
          onPress={() => setConsent('denied')}
          testID="consent-reject"
        />
        <Button
          label={t('consent.accept')}
          size="sm"
          onPress={() => setConsent('granted')}
          testID="consent-accept"
        />
        <LinkBlock href="/help/cookies" style={styles.more}>
          <Text variant="caption" tone="brand">
            {t('consent.more')}
          </Text>
        </LinkBlock>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  banner: {
    position: Platform.OS === 'web' ? ('fixed' as 'absolute') : 'absolute',
    zIndex: 20,
    left: space.md,
    right: space.md,
    bottom: space.md,
    maxWidth: 640,
    marginHorizontal: 'auto',
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
    padding: space.lg,
    gap: space.sm,
    shadowColor: '#000',
    shadowOpacity: 0.15,
    shadowRadius: 16,
  },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
  more: { minHeight: 36, justifyContent: 'center' },
});
