/**
 * A help or trust page: its title, version and effective date, the gist first, then the sections,
 * and the other pages. Long texts come from the per-language content module the i18n layer picks.
 */

import { helpDocs, POLICY_VERSIONS, type PolicyId } from '@kitwright/copy/help';
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { colors, LinkBlock, radius, Screen, space, Text, useLayout } from '../../design';
import { useI18n } from '../../i18n';
import { dateLocale } from '../account/dates';
import { SmallLink } from '../account/small-link';
import { POLICY_PAGES } from './policy-links';

export function formatPolicyDate(iso: string, locale: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(dateLocale(locale), { dateStyle: 'long', timeZone: 'UTC' });
}

export function PolicyPage({
  id,
  children,
  footer,
}: {
  id: PolicyId;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const { layout } = useLayout();
  const doc = helpDocs(locale)[id];
  const version = POLICY_VERSIONS[id];
  const wide = layout === 'desktop';
  return (
    <Screen title={doc.title} testID={`policy-${id}`}>
      <View style={[styles.grid, wide ? styles.gridWide : null]}>
        <View style={styles.main}>
          <SmallLink href="/help" label={t('help.back')} />
          <View style={styles.head}>
            <Text variant="h1">{doc.title}</Text>
            <Text variant="caption" tone="muted" testID="policy-version">
              {t('help.version', {
                version: version.version,
                date: formatPolicyDate(version.effective, locale),
              })}
            </Text>
          </View>
          <View style={styles.summary}>
            <Text variant="label" tone="brand">
              {t('help.inShort')}
            </Text>
            <Text variant="lead">{doc.summary}</Text>
          </View>
          {children}
          {doc.sections.map((section) => (
            <View key={section.heading} style={styles.section}>
              <Text variant="h2">{section.heading}</Text>
              {section.body?.map((p) => (
                <Text key={p} style={styles.paragraph}>
                  {p}
                </Text>
              ))}
              {section.list ? (
                <View role="list" style={styles.list}>
                  {section.list.map((item) => (
                    <View key={item} role="listitem" style={styles.item}>
                      <View style={styles.bullet} aria-hidden />
                      <Text style={styles.itemText}>{item}</Text>
                    </View>
                  ))}
                </View>
              ) : null}
              {section.note ? (
                <Text tone="muted" style={styles.paragraph}>
                  {section.note}
                </Text>
              ) : null}
            </View>
          ))}
          {footer}
        </View>
        <OtherPages current={id} wide={wide} />
      </View>
    </Screen>
  );
}

function OtherPages({ current, wide }: { current: PolicyId; wide: boolean }) {
  const { t } = useI18n();
  return (
    <View
      role="navigation"
      aria-label={t('help.otherPages')}
      style={[styles.other, wide ? styles.otherWide : null]}
    >
      <Text variant="h3">{t('help.otherPages')}</Text>
      {POLICY_PAGES.filter((p) => p.id !== current).map((p) => (
        <LinkBlock key={p.id} href={p.href as never} style={styles.otherLink}>
          <Text variant="label" tone="brand">
            {t(p.short)}
          </Text>
        </LinkBlock>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  grid: { gap: space.xxl },
  gridWide: { flexDirection: 'row', alignItems: 'flex-start' },
  main: { flex: 1, maxWidth: 780, gap: space.lg, minWidth: 0 },
  head: { gap: space.xs },
  summary: {
    backgroundColor: colors.brandSoft,
    borderRadius: radius.lg,
    padding: space.lg,
    gap: space.xs,
  },
  section: { gap: space.sm, marginTop: space.sm },
  paragraph: { maxWidth: 720 },
  list: { gap: space.sm },
  item: { flexDirection: 'row', gap: space.md, alignItems: 'flex-start' },
  bullet: { width: 6, height: 6, borderRadius: 3, backgroundColor: colors.brand, marginTop: 9 },
  itemText: { flex: 1, minWidth: 0 },
  other: {
    width: '100%',
    gap: space.xs,
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
    padding: space.lg,
  },
  otherWide: { width: 280 },
  otherLink: { minHeight: 44, justifyContent: 'center' },
});
