/** /help: getting help, and every trust page with what it covers, its version and date. */

import { helpDocs, POLICY_VERSIONS } from '@kitwright/copy/help';
import { StyleSheet, View } from 'react-native';
import { ButtonLink, Card, colors, LinkBlock, radius, Screen, space, Text, useLayout } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { POLICY_PAGES } from './policy-links';
import { formatPolicyDate } from './policy-page';

const FAQ: ReadonlyArray<[MessageKey, MessageKey]> = [
  ['help.faq.1.q', 'help.faq.1.a'],
  ['help.faq.2.q', 'help.faq.2.a'],
  ['help.faq.3.q', 'help.faq.3.a'],
  ['help.faq.4.q', 'help.faq.4.a'],
  ['help.faq.5.q', 'help.faq.5.a'],
];

export function HelpIndexScreen() {
  const { t, locale } = useI18n();
  const { layout } = useLayout();
  const docs = helpDocs(locale);
  const wide = layout !== 'phone';
  return (
    <Screen title={t('help.title')}>
      <View style={styles.hero}>
        <Text variant="h1">{t('help.title')}</Text>
        <Text variant="lead" tone="muted">
          {t('help.intro')}
        </Text>
      </View>
      <Card style={styles.support}>
        <Text variant="h2">{t('help.getHelp.title')}</Text>
        <Text>{t('help.getHelp.body')}</Text>
        <View style={styles.actions}>
          <ButtonLink label={t('help.getHelp.contact')} href="/help/support" testID="help-contact" />
          <ButtonLink
            label={t('help.getHelp.report')}
            href="/help/support?category=report"
            kind="secondary"
          />
        </View>
      </Card>
      <View style={styles.section}>
        <Text variant="h2">{t('help.policies')}</Text>
        <View style={[styles.cards, wide ? styles.cardsWide : null]}>
          {POLICY_PAGES.filter((p) => p.id !== 'support').map((p) => (
            <LinkBlock
              key={p.id}
              href={p.href as never}
              style={[styles.card, wide ? styles.cardWide : null]}
              testID={`help-link-${p.id}`}
            >
              <Text variant="h3" tone="brand">
                {docs[p.id].title}
              </Text>
              <Text tone="muted">{t(`help.${p.id}.blurb` as MessageKey)}</Text>
              <Text variant="caption" tone="muted">
                {t('help.version', {
                  version: POLICY_VERSIONS[p.id].version,
                  date: formatPolicyDate(POLICY_VERSIONS[p.id].effective, locale),
                })}
              </Text>
            </LinkBlock>
          ))}
        </View>
      </View>
      <View style={styles.section}>
        <Text variant="h2">{t('help.faq.title')}</Text>
        {FAQ.map(([q, a]) => (
          <View key={q} style={styles.faq}>
            <Text variant="h3">{t(q)}</Text>
            <Text>{t(a)}</Text>
          </View>
        ))}
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  hero: { gap: space.sm, maxWidth: 760 },
  support: { backgroundColor: colors.brandSoft, borderColor: colors.brandSoft },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  section: { gap: space.md },
  cards: { gap: space.md },
  cardsWide: { flexDirection: 'row', flexWrap: 'wrap' },
  card: {
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.lg,
    padding: space.lg,
    gap: space.xs,
  },
  cardWide: { flexBasis: 320, flexGrow: 1, maxWidth: 560 },
  faq: { gap: space.xs, maxWidth: 760 },
});
