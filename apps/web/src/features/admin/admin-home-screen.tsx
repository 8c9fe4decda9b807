/** /admin: the sections a staff member or the founder may open, each with what it is for. */
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { Card, LinkBlock, space, Text } from '../../design';
import { useT } from '../../i18n';
import { AdminFrame } from './admin-frame';
import { sectionsFor } from './sections';

export function AdminHomeScreen() {
  const t = useT();
  const user = useSessionUser();
  return (
    <AdminFrame needs="staff" title="admin.title" testID="admin-home">
      <Text tone="muted">{t('admin.intro')}</Text>
      <View style={styles.grid}>
        {sectionsFor(user?.roles ?? []).map((section) => (
          <LinkBlock key={section.href} href={section.href} style={styles.item}>
            <Card>
              <Text variant="h3" tone="brand">
                {t(section.label)}
              </Text>
              <Text variant="caption" tone="muted">
                {t(section.blurb)}
              </Text>
            </Card>
          </LinkBlock>
        ))}
      </View>
    </AdminFrame>
  );
}

const styles = StyleSheet.create({
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md, marginTop: space.md },
  item: { flexGrow: 1, flexBasis: 280, maxWidth: '100%' },
});
