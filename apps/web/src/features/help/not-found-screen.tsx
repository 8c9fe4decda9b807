/**
 * An address the app has no page for: said plainly in the app's own frame, with the ways on
 * (the gallery, the home page). The server answers such addresses with 404 and the same words.
 */
import { StyleSheet, View } from 'react-native';
import { ButtonLink, Screen, space, Text } from '../../design';
import { useT } from '../../i18n';
import { useStaticHandoff } from '../../platform/static-handoff';

export function NotFoundScreen() {
  const t = useT();
  useStaticHandoff(true);
  return (
    <Screen title={t('notFound.title')} testID="not-found-screen">
      <View style={styles.block}>
        <Text variant="h1">{t('notFound.title')}</Text>
        <Text variant="lead">{t('notFound.body')}</Text>
        <View style={styles.actions}>
          <ButtonLink label={t('notFound.gallery')} href="/gallery" testID="not-found-gallery" />
          <ButtonLink label={t('notFound.home')} kind="secondary" href="/" testID="not-found-home" />
        </View>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  block: { gap: space.md, maxWidth: 720 },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
