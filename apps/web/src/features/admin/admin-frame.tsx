/**
 * The frame of every staff and founder page: the role check (a clear "not allowed" page for
 * anyone else), the page title, and a row of links to the other sections this person may open.
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { type AdminRole, RequireRole } from '../../components/require-role';
import { colors, LinkBlock, radius, Screen, space, Text } from '../../design';
import { type MessageKey, useT } from '../../i18n';
import { type AdminSection, sectionsFor } from './sections';

export function AdminSectionLinks({ current }: { current?: AdminSection['href'] }) {
  const t = useT();
  const user = useSessionUser();
  const sections = sectionsFor(user?.roles ?? []);
  return (
    <View role="navigation" aria-label={t('admin.sections')} style={styles.links}>
      <LinkBlock href="/admin" style={styles.link}>
        <Text variant="caption" tone="brand">
          {t('admin.title')}
        </Text>
      </LinkBlock>
      {sections.map((section) => (
        <LinkBlock
          key={section.href}
          href={section.href}
          current={section.href === current}
          style={[styles.link, section.href === current && styles.current]}
        >
          <Text variant="caption" tone={section.href === current ? 'default' : 'brand'}>
            {t(section.label)}
          </Text>
        </LinkBlock>
      ))}
    </View>
  );
}

export function AdminFrame({
  needs,
  title,
  section,
  testID,
  children,
  onEndReached,
}: {
  /** The role this page needs: others see "not allowed". */
  needs: AdminRole;
  title: MessageKey;
  section?: AdminSection['href'];
  testID?: string;
  children: ReactNode;
  onEndReached?: () => void;
}) {
  const t = useT();
  return (
    <Screen title={t(title)} testID={testID} onEndReached={onEndReached}>
      <RequireRole needs={needs}>
        <AdminSectionLinks current={section} />
        <Text variant="h1">{t(title)}</Text>
        {children}
      </RequireRole>
    </Screen>
  );
}

const styles = StyleSheet.create({
  links: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs, marginBottom: space.sm },
  link: {
    paddingVertical: 6,
    paddingHorizontal: space.sm,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.line,
    minHeight: 36,
    justifyContent: 'center',
  },
  current: { backgroundColor: colors.surface, borderColor: colors.ink },
});
