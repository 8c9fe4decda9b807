/**
 * /create: the two ways to start a design (upload a model, or describe it in words) and the
 * drafts in progress. Creating needs an account: drafts are kept for their owner.
 */
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Card,
  colors,
  LinkBlock,
  Loading,
  radius,
  Screen,
  space,
  Text,
  useLayout,
} from '../../design';
import { useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { useRecentDrafts } from '../../state/queries/drafts';
import { formatDate } from '../account/dates';
import { SmallLink } from '../account/small-link';
import { useAuthState } from '../account/use-auth-state';
import { draftName, draftStatus } from './draft-labels';

export function CreateHubScreen() {
  const { t } = useI18n();
  const { user, ready } = useAuthState();
  return (
    <Screen title={t('create.title')}>
      <View style={styles.hero}>
        <Text variant="h1">{t('create.title')}</Text>
        <Text variant="lead" tone="muted">
          {t('create.hub.intro')}
        </Text>
      </View>
      {!ready ? (
        <Loading label={t('common.loading')} />
      ) : user ? (
        <SignedIn />
      ) : (
        <>
          <RequireSignIn reason={t('create.hub.signInReason')}>{null}</RequireSignIn>
          <HowItWorks />
        </>
      )}
    </Screen>
  );
}

function SignedIn() {
  const { t } = useI18n();
  const { layout } = useLayout();
  const shell = useAppShell();
  const modeB = shell.data?.flags.modeB ?? true;
  return (
    <>
      <View style={[styles.modes, layout !== 'phone' ? styles.modesWide : null]}>
        <ModeCard
          href="/create/upload"
          kicker={t('create.hub.modeA.kicker')}
          title={t('create.hub.modeA.title')}
          body={t('create.hub.modeA.body')}
          action={t('create.hub.modeA.action')}
          art="upload"
          wide={layout !== 'phone'}
          testID="mode-a"
        />
        <ModeCard
          href="/create/prompt"
          kicker={t('create.hub.modeB.kicker')}
          title={t('create.hub.modeB.title')}
          body={modeB ? t('create.hub.modeB.body') : t('create.hub.modeB.off')}
          action={t('create.hub.modeB.action')}
          art="prompt"
          off={!modeB}
          wide={layout !== 'phone'}
          testID="mode-b"
        />
      </View>
      <RecentDrafts />
      <HowItWorks />
    </>
  );
}

function ModeCard({
  href,
  kicker,
  title,
  body,
  action,
  art,
  off,
  wide,
  testID,
}: {
  href: string;
  kicker: string;
  title: string;
  body: string;
  action: string;
  art: 'upload' | 'prompt';
  off?: boolean;
  wide: boolean;
  testID: string;
}) {
  return (
    <LinkBlock
      href={href as never}
      style={[styles.modeLink, wide ? styles.modeLinkWide : null]}
      testID={testID}
    >
      <View style={styles.mode}>
        <View style={[styles.art, art === 'prompt' ? styles.artPrompt : null]} aria-hidden>
          {art === 'upload' ? (
            <>
              <View style={[styles.block, { left: 28, top: 34, backgroundColor: '#e0a526' }]} />
              <View style={[styles.block, { left: 52, top: 34, backgroundColor: colors.accent }]} />
              <View style={[styles.block, { left: 40, top: 14, backgroundColor: colors.brand }]} />
            </>
          ) : (
            <>
              <View style={styles.bubble} />
              <View style={styles.bubbleLine} />
              <View style={[styles.bubbleLine, { top: 40, width: 34 }]} />
            </>
          )}
        </View>
        <Text variant="caption" tone="brand" weight="bold" style={styles.kicker}>
          {kicker}
        </Text>
        <Text variant="h2">{title}</Text>
        <Text tone="muted">{body}</Text>
        <View style={styles.modeAction}>
          <Text variant="label" tone={off ? 'muted' : 'brand'}>
            {`${action} →`}
          </Text>
        </View>
      </View>
    </LinkBlock>
  );
}

function RecentDrafts() {
  const { t, locale } = useI18n();
  const drafts = useRecentDrafts();
  const items = drafts.data?.items ?? [];
  if (drafts.isPending) return <Loading label={t('common.loading')} />;
  if (items.length === 0) return null;
  return (
    <View style={styles.section} testID="recent-drafts">
      <Text variant="h2">{t('create.hub.recent')}</Text>
      <View style={styles.list}>
        {items.map((draft) => {
          const status = draftStatus(t, draft);
          return (
            <LinkBlock key={draft.id} href={`/create/draft/${draft.id}` as never} style={styles.draftRow}>
              <View style={styles.draftText}>
                <Text variant="label" numberOfLines={1}>
                  {draftName(t, draft)}
                </Text>
                <Text variant="caption" tone="muted">
                  {`${draft.mode === 'A' ? t('create.mode.A') : t('create.mode.B')} · ${formatDate(draft.updated_at, locale, { dateStyle: 'medium' })}`}
                </Text>
              </View>
              <Badge label={status.label} tone={status.tone} />
            </LinkBlock>
          );
        })}
      </View>
      <SmallLink href="/dashboard" label={t('create.hub.allDrafts')} />
    </View>
  );
}

function HowItWorks() {
  const { t } = useI18n();
  const steps = [
    [t('create.how.1.title'), t('create.how.1.body')],
    [t('create.how.2.title'), t('create.how.2.body')],
    [t('create.how.3.title'), t('create.how.3.body')],
  ];
  return (
    <Card>
      <Text variant="h2">{t('create.how.title')}</Text>
      {steps.map(([title, body], i) => (
        <View key={title} style={styles.how}>
          <View style={styles.number} aria-hidden>
            <Text variant="label" tone="inverse">
              {String(i + 1)}
            </Text>
          </View>
          <View style={styles.howText}>
            <Text variant="label">{title}</Text>
            <Text tone="muted">{body}</Text>
          </View>
        </View>
      ))}
      <Text variant="caption" tone="muted">
        {t('create.how.safety')}
      </Text>
      <SmallLink href="/help/safety" label={t('help.safety.short')} />
    </Card>
  );
}

const styles = StyleSheet.create({
  hero: { gap: space.sm, maxWidth: 760 },
  modes: { gap: space.lg },
  modesWide: { flexDirection: 'row' },
  modeLink: { borderRadius: radius.lg },
  modeLinkWide: { flex: 1, flexBasis: 0, minWidth: 0 },
  mode: {
    flex: 1,
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
    padding: space.xl,
    gap: space.sm,
  },
  art: {
    width: 96,
    height: 72,
    borderRadius: radius.md,
    backgroundColor: colors.brandSoft,
    marginBottom: space.sm,
  },
  artPrompt: { backgroundColor: '#fdebd3' },
  block: { position: 'absolute', width: 22, height: 18, borderRadius: 4 },
  bubble: {
    position: 'absolute',
    left: 18,
    top: 14,
    width: 60,
    height: 42,
    borderRadius: 12,
    backgroundColor: colors.surface,
    borderWidth: 2,
    borderColor: colors.accent,
  },
  bubbleLine: {
    position: 'absolute',
    left: 28,
    top: 28,
    width: 40,
    height: 4,
    borderRadius: 2,
    backgroundColor: colors.accent,
  },
  kicker: { textTransform: 'uppercase', letterSpacing: 0.6 },
  modeAction: { marginTop: 'auto', paddingTop: space.sm },
  section: { gap: space.md },
  list: { gap: space.sm },
  draftRow: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: space.md,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    padding: space.md,
    minHeight: 56,
  },
  draftText: { flex: 1, minWidth: 0 },
  how: { flexDirection: 'row', gap: space.md, alignItems: 'flex-start' },
  number: {
    width: 28,
    height: 28,
    borderRadius: 14,
    backgroundColor: colors.brand,
    alignItems: 'center',
    justifyContent: 'center',
  },
  howText: { flex: 1, gap: 2 },
});
