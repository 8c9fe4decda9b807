/** The site header: brand, main navigation (a menu sheet on phones) and the account entry. */
import { type Href, usePathname } from 'expo-router';
import { useState } from 'react';
import { Platform, StyleSheet, View } from 'react-native';
import { useSessionUser } from '../client/kitwright';
import { Button, colors, LinkBlock, maxContentWidth, Sheet, space, Text, useLayout } from '../design';
import { type MessageKey, useT } from '../i18n';
import { useUnreadCount } from '../state/queries/notifications';
import { hasRole } from './require-role';

const MAIN: Array<{ href: '/' | '/gallery' | '/create' | '/dashboard'; label: MessageKey }> = [
  { href: '/gallery', label: 'nav.gallery' },
  { href: '/create', label: 'nav.create' },
  { href: '/dashboard', label: 'nav.dashboard' },
];

function NavLink({ href, label, onPress }: { href: string; label: string; onPress?: () => void }) {
  const pathname = usePathname();
  const active = href === '/' ? pathname === '/' : pathname.startsWith(href);
  return (
    <LinkBlock
      href={href as Href}
      current={active}
      onPress={onPress}
      style={[styles.navLink, active && styles.navActive]}
    >
      <Text variant="label" tone={active ? 'brand' : 'default'}>
        {label}
      </Text>
    </LinkBlock>
  );
}

export function AppHeader() {
  const t = useT();
  const user = useSessionUser();
  const { layout } = useLayout();
  const [open, setOpen] = useState(false);
  // Staff and the founder get their tools in the header; nobody else sees the entry.
  const staff = hasRole(user, 'staff');
  const unread = useUnreadCount();
  const account = user
    ? {
        href: '/account',
        label: unread
          ? t('tester.header.account', { label: t('nav.account'), count: unread })
          : t('nav.account'),
      }
    : { href: '/account/sign-in', label: t('nav.signIn') };
  return (
    <View role="banner" style={styles.bar}>
      <View style={styles.inner}>
        <LinkBlock href="/" label={`${t('app.name')} — ${t('nav.home')}`} style={styles.brand}>
          <View style={styles.logo} aria-hidden>
            <View style={[styles.stud, { backgroundColor: '#e0a526' }]} />
            <View style={[styles.stud, { backgroundColor: '#c2410c' }]} />
          </View>
          <Text variant="h3" tone="brand">
            {t('app.name')}
          </Text>
        </LinkBlock>
        {layout === 'phone' ? (
          <View style={styles.phoneActions}>
            <Button
              label={t('nav.menu')}
              kind="secondary"
              size="sm"
              onPress={() => setOpen(true)}
              testID="menu-button"
            />
          </View>
        ) : (
          <View role="navigation" aria-label={t('nav.menu')} style={styles.nav}>
            {MAIN.map((item) => (
              <NavLink key={item.href} href={item.href} label={t(item.label)} />
            ))}
            {staff ? <NavLink href="/admin" label={t('nav.admin')} /> : null}
            <NavLink href={account.href} label={account.label} />
          </View>
        )}
      </View>
      <Sheet
        open={open}
        title={t('nav.menu')}
        closeLabel={t('nav.closeMenu')}
        onClose={() => setOpen(false)}
        testID="menu-sheet"
      >
        <View role="navigation" aria-label={t('nav.menu')} style={styles.sheetNav}>
          <NavLink href="/" label={t('nav.home')} onPress={() => setOpen(false)} />
          {MAIN.map((item) => (
            <NavLink key={item.href} href={item.href} label={t(item.label)} onPress={() => setOpen(false)} />
          ))}
          {staff ? <NavLink href="/admin" label={t('nav.admin')} onPress={() => setOpen(false)} /> : null}
          <NavLink href={account.href} label={account.label} onPress={() => setOpen(false)} />
          <NavLink href="/help" label={t('nav.help')} onPress={() => setOpen(false)} />
        </View>
      </Sheet>
    </View>
  );
}

const styles = StyleSheet.create({
  bar: {
    backgroundColor: colors.surface,
    borderBottomWidth: 1,
    borderBottomColor: colors.line,
    // On the web the document scrolls; the header stays in reach at the top.
    ...(Platform.OS === 'web' ? { position: 'sticky' as 'relative', top: 0, zIndex: 10 } : null),
  },
  inner: {
    width: '100%',
    maxWidth: maxContentWidth,
    alignSelf: 'center',
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    paddingHorizontal: space.lg,
    minHeight: 60,
    gap: space.md,
  },
  brand: { flexDirection: 'row', alignItems: 'center', gap: space.sm, minHeight: 44 },
  logo: {
    width: 30,
    height: 22,
    backgroundColor: colors.brand,
    borderRadius: 4,
    flexDirection: 'row',
    justifyContent: 'space-evenly',
    alignItems: 'flex-start',
  },
  stud: { width: 9, height: 6, borderRadius: 2, marginTop: -4 },
  nav: { flexDirection: 'row', alignItems: 'center', gap: space.xs },
  navLink: { paddingHorizontal: space.md, minHeight: 44, justifyContent: 'center', borderRadius: 8 },
  navActive: { backgroundColor: colors.brandSoft },
  phoneActions: { flexDirection: 'row', gap: space.sm },
  sheetNav: { gap: space.xs },
});
