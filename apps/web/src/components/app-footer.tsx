/** The footer: ownership statement, help and trust pages, and the language switch. */
import type { Href } from 'expo-router';
import { Pressable, StyleSheet, View } from 'react-native';
// Imported file by file: the design system's Screen renders this footer, so its index is not ready yet.
import { LinkBlock } from '../design/link';
import { Text } from '../design/text';
import { colors, maxContentWidth, space } from '../design/theme';
import { LANGUAGES, type MessageKey, useI18n } from '../i18n';
import { useBetaMode } from '../state/queries/app-shell';

const LINKS: Array<{ href: string; label: MessageKey }> = [
  { href: '/help', label: 'nav.help' },
  { href: '/help/support', label: 'help.support.short' },
  { href: '/help/terms', label: 'help.terms.short' },
  { href: '/help/privacy', label: 'help.privacy.short' },
  { href: '/help/cookies', label: 'help.cookies.short' },
  { href: '/help/content-licence', label: 'help.licence.short' },
  { href: '/help/interest', label: 'help.interest.short' },
  { href: '/help/safety', label: 'help.safety.short' },
];

export function AppFooter() {
  const { t, locale, setLocale } = useI18n();
  const beta = useBetaMode();
  return (
    <View role="contentinfo" style={styles.footer}>
      <View style={styles.inner}>
        <Text variant="caption" tone="muted">
          {t('footer.ownership')}
        </Text>
        {beta ? (
          <Text variant="caption" tone="muted" testID="footer-beta">
            {t('footer.beta')}
          </Text>
        ) : null}
        <View style={styles.row}>
          {LINKS.map((l) => (
            <LinkBlock key={l.href} href={l.href as Href} style={styles.link}>
              <Text variant="caption" tone="brand">
                {t(l.label)}
              </Text>
            </LinkBlock>
          ))}
          <View role="group" aria-label={t('footer.language')} style={styles.row}>
            {LANGUAGES.map((l) => (
              <Pressable
                key={l.code}
                role="button"
                aria-pressed={l.code === locale}
                accessibilityLabel={l.name}
                onPress={() => setLocale(l.code)}
                style={[styles.lang, l.code === locale && styles.langActive]}
                testID={`language-${l.code}`}
              >
                <Text variant="caption" tone={l.code === locale ? 'inverse' : 'brand'}>
                  {l.name}
                </Text>
              </Pressable>
            ))}
          </View>
        </View>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  footer: { borderTopWidth: 1, borderTopColor: colors.line, backgroundColor: colors.surfaceMuted },
  inner: { width: '100%', maxWidth: maxContentWidth, alignSelf: 'center', padding: space.lg, gap: space.sm },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  link: { minHeight: 44, justifyContent: 'center', paddingRight: space.md },
  lang: {
    minHeight: 36,
    paddingHorizontal: space.md,
    justifyContent: 'center',
    borderRadius: 999,
    borderWidth: 1,
    borderColor: colors.brand,
  },
  langActive: { backgroundColor: colors.brand },
});
