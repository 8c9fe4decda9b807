/**
 * Home: what Kitwright is, the designs people want most and the newest ones (live from the
 * gallery), how it works, and the two promises that matter: designers own their designs, and
 * registering interest is free and non-binding.
 */
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  ButtonLink,
  Card,
  colors,
  Picture,
  radius,
  Screen,
  space,
  Text,
  TextLink,
  useLayout,
} from '../../design';
import { useI18n } from '../../i18n';
import { useStaticHandoff } from '../../platform/static-handoff';
import { useBetaMode } from '../../state/queries/app-shell';
import { useGalleryPage } from '../../state/queries/gallery';
import { ListingSection } from './listing-section';

const STEPS = [
  { title: 'home.step1Title', body: 'home.step1Body', colour: '#e0a526' },
  { title: 'home.step2Title', body: 'home.step2Body', colour: colors.brand },
  { title: 'home.step3Title', body: 'home.step3Body', colour: colors.accent },
] as const;

const PROMISES = [
  { title: 'home.promiseOwnTitle', body: 'home.promiseOwnBody', colour: colors.brand },
  { title: 'home.promiseFreeTitle', body: 'home.promiseFreeBody', colour: '#e0a526' },
  { title: 'home.promiseBlocksTitle', body: 'home.promiseBlocksBody', colour: colors.accent },
] as const;

export function HomeScreen() {
  const { t, locale, formatNumber } = useI18n();
  const { layout } = useLayout();
  const wanted = useGalleryPage({ sort: 'most_reserved', limit: 4 }, locale);
  const newest = useGalleryPage({ sort: 'newest', limit: 4 }, locale);
  const mosaic = (wanted.data?.items ?? []).slice(0, 3);
  // The hero is drawn with its pictures, so taking over from the static copy moves nothing.
  useStaticHandoff(!wanted.isPending && !newest.isPending);
  const phone = layout === 'phone';
  const beta = useBetaMode();

  return (
    <Screen title={t('nav.home')} testID="home-screen">
      <View style={[styles.hero, !phone && styles.heroWide]}>
        <View style={[styles.heroText, !phone && styles.heroTextWide]}>
          {beta ? <Badge label={t('home.badge')} tone="brand" testID="home-beta-badge" /> : null}
          <Text variant={phone ? 'h1' : 'display'}>{t('home.title')}</Text>
          <Text variant="lead">{t('home.lead')}</Text>
          <View style={styles.ctas}>
            <ButtonLink label={t('home.browseCta')} href="/gallery" testID="home-browse" />
            <ButtonLink label={t('home.createCta')} kind="secondary" href="/create" testID="home-create" />
          </View>
          <Text variant="caption" tone="muted">
            {t('home.heroNote')}
          </Text>
        </View>
        {mosaic.length ? (
          <View style={[styles.mosaic, !phone && styles.mosaicWide]} aria-hidden>
            {mosaic.map((item, i) => (
              <View
                key={item.id}
                style={[styles.tile, i === 0 && !phone ? styles.tileBig : styles.tileSmall]}
              >
                <Picture uri={item.preview_url} alt="" width={960} height={840} />
              </View>
            ))}
          </View>
        ) : null}
      </View>

      <View style={styles.promises} role="list">
        {PROMISES.map((p) => (
          <View key={p.title} role="listitem" style={styles.promise}>
            <View style={styles.promiseHead}>
              <View style={[styles.promiseMark, { backgroundColor: p.colour }]} aria-hidden />
              <Text variant="label" style={styles.promiseTitle}>
                {t(p.title)}
              </Text>
            </View>
            <Text variant="caption" tone="muted">
              {t(p.body)}
            </Text>
          </View>
        ))}
      </View>

      <ListingSection
        title={t('home.wantedTitle')}
        intro={t('home.wantedIntro')}
        sort="most_reserved"
        query={wanted}
        testID="home-wanted"
      />

      <View style={styles.how}>
        <Text variant="h2">{t('home.howTitle')}</Text>
        <View style={[styles.steps, !phone && styles.stepsWide]} role="list">
          {STEPS.map((s, i) => (
            <View key={s.title} role="listitem" style={[styles.stepCell, !phone && styles.stepCellWide]}>
              <Card style={styles.step}>
                <View style={[styles.stepNumber, { backgroundColor: s.colour }]} aria-hidden>
                  <Text variant="label" tone="inverse">
                    {formatNumber(i + 1)}
                  </Text>
                </View>
                <Text variant="h3">{t(s.title)}</Text>
                <Text tone="muted">{t(s.body)}</Text>
              </Card>
            </View>
          ))}
        </View>
      </View>

      <ListingSection
        title={t('home.newTitle')}
        intro={t('home.newIntro')}
        sort="newest"
        query={newest}
        testID="home-newest"
      />

      <View style={[styles.trust, !phone && styles.trustWide]} testID="home-trust">
        <View style={styles.trustText}>
          <Text variant="h2">{t('home.trustTitle')}</Text>
          <Text>{t('home.trustOwnership')}</Text>
          <Text>{t('home.trustInterest')}</Text>
          <TextLink href="/help">{t('home.trustMore')}</TextLink>
        </View>
        <View style={styles.createBand}>
          <Text variant="h3" tone="inverse">
            {t('home.createTitle')}
          </Text>
          <Text tone="inverse">{t('home.createBody')}</Text>
          <View style={styles.ctas}>
            <ButtonLink label={t('home.createCta')} kind="secondary" href="/create" />
          </View>
        </View>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  hero: { gap: space.xl, paddingVertical: space.md },
  heroWide: { flexDirection: 'row', alignItems: 'center', paddingVertical: space.xl },
  heroText: { gap: space.lg },
  heroTextWide: { flex: 6 },
  ctas: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  mosaic: { flexDirection: 'row', gap: space.sm },
  mosaicWide: { flex: 5, flexWrap: 'wrap' },
  tile: {
    borderRadius: radius.lg,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
  },
  tileBig: { width: '100%' },
  tileSmall: { flex: 1 },
  promises: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  promise: {
    flexGrow: 1,
    flexBasis: 240,
    gap: space.xs,
    padding: space.lg,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  promiseHead: { flexDirection: 'row', alignItems: 'center', gap: space.sm },
  promiseMark: { width: 14, height: 14, borderRadius: 3 },
  promiseTitle: { flex: 1, fontWeight: '700' },
  how: { gap: space.lg },
  steps: { gap: space.md },
  stepsWide: { flexDirection: 'row' },
  stepCell: {},
  stepCellWide: { flex: 1 },
  step: { flexGrow: 1 },
  stepNumber: { width: 36, height: 36, borderRadius: 8, alignItems: 'center', justifyContent: 'center' },
  trust: { gap: space.lg },
  trustWide: { flexDirection: 'row', alignItems: 'stretch' },
  trustText: {
    flex: 1,
    gap: space.md,
    padding: space.xl,
    borderRadius: radius.lg,
    backgroundColor: colors.brandSoft,
  },
  createBand: {
    flex: 1,
    gap: space.md,
    padding: space.xl,
    borderRadius: radius.lg,
    backgroundColor: colors.brand,
    justifyContent: 'center',
  },
});
