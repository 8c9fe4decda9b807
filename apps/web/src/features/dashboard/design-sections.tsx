/**
 * A designer's own work: drafts in progress (with their stage), each deletable after a
 * confirmation, and published listings with their state, visibility, moderation state, views,
 * saves, reservations and kits reserved, each with the way to manage or delete it.
 */
import type { DashboardResponse } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  ButtonLink,
  colors,
  LinkBlock,
  radius,
  space,
  Text,
  TextLink,
  useLayout,
} from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { draftName } from '../create/draft-labels';
import { DeleteDraftSheet } from '../manage/delete-draft-sheet';
import { DeleteListingSheet } from '../manage/delete-listing-sheet';
import { Empty, rowStyles, Section, Thumb, useDate } from './section';

type OwnListing = DashboardResponse['listings'][number];

const STAGE_KEYS: Record<string, MessageKey> = {
  created: 'dashboard.stage.created',
  model_ready: 'dashboard.stage.modelReady',
  kit_ready: 'dashboard.stage.kitReady',
  published: 'dashboard.stage.published',
};

export function Drafts({ drafts }: { drafts: DashboardResponse['drafts'] }) {
  const { t } = useI18n();
  const date = useDate();
  const [deleting, setDeleting] = useState<{ id: string; title: string; mode: 'A' | 'B' } | null>(null);
  return (
    <Section
      title={t('dashboard.drafts')}
      count={drafts.length}
      action={<ButtonLink label={t('dashboard.newDesign')} kind="ghost" href="/create" />}
      testID="dashboard-drafts"
    >
      {drafts.length === 0 ? (
        <Empty>{t('dashboard.noDrafts')}</Empty>
      ) : (
        <View style={rowStyles.rows} role="list">
          {drafts.map((d) => (
            <View key={d.id} role="listitem" style={styles.draftRow} testID="dashboard-draft-row">
              <LinkBlock
                href={`/create/draft/${d.id}` as Href}
                style={styles.draftLink}
                testID="dashboard-draft"
              >
                {d.artefacts.preview_png_url ? (
                  <Thumb uri={d.artefacts.preview_png_url} ownerOnly />
                ) : (
                  <View style={styles.thumbEmpty} />
                )}
                <View style={rowStyles.rowText}>
                  <Text variant="label">{draftName(t, d)}</Text>
                  <Text variant="caption" tone="muted">
                    {t(d.mode === 'A' ? 'dashboard.modeA' : 'dashboard.modeB')} ·{' '}
                    {t('dashboard.updated', { date: date(d.updated_at) })}
                  </Text>
                  <Badge label={STAGE_KEYS[d.stage] ? t(STAGE_KEYS[d.stage] as MessageKey) : d.stage} />
                </View>
                <Text variant="label" tone="brand">
                  {t('dashboard.continue')}
                </Text>
              </LinkBlock>
              <Button
                label={t('manage.dashboard.delete')}
                hint={t('manage.dashboard.deleteDraft', { title: draftName(t, d) })}
                kind="ghost"
                size="sm"
                onPress={() => setDeleting({ id: d.id, title: draftName(t, d), mode: d.mode })}
                testID="draft-delete"
              />
            </View>
          ))}
        </View>
      )}
      <DeleteDraftSheet draft={deleting} onClose={() => setDeleting(null)} />
    </Section>
  );
}

export function Published({ listings }: { listings: DashboardResponse['listings'] }) {
  const { t, formatNumber } = useI18n();
  const { layout } = useLayout();
  const [deleting, setDeleting] = useState<OwnListing | null>(null);
  return (
    <Section title={t('dashboard.published')} count={listings.length} testID="dashboard-published">
      {listings.length === 0 ? (
        <Empty>{t('dashboard.noListings')}</Empty>
      ) : (
        <View style={rowStyles.rows} role="list">
          {listings.map((l) => (
            <View key={l.id} role="listitem" style={rowStyles.rowCard} testID="dashboard-listing">
              <Thumb uri={l.preview_url} />
              <View style={rowStyles.rowText}>
                <TextLink href={`/listing/${l.slug}?from=dashboard` as Href} variant="label">
                  {l.title}
                </TextLink>
                <View style={rowStyles.badges}>
                  {l.state === 'unpublished' ? (
                    <Badge label={t('manage.state.unpublished')} tone="warning" />
                  ) : null}
                  <Badge
                    label={t(`dashboard.visibility.${l.visibility as 'public' | 'unlisted' | 'private'}`)}
                  />
                  <Badge
                    label={t(
                      `dashboard.moderation.${l.moderation_state as 'approved' | 'pending' | 'rejected'}`,
                    )}
                    tone={
                      l.moderation_state === 'approved'
                        ? 'success'
                        : l.moderation_state === 'rejected'
                          ? 'danger'
                          : 'warning'
                    }
                  />
                </View>
                <View style={[styles.counts, layout === 'phone' && styles.countsPhone]}>
                  {(
                    [
                      [t('listing.views'), l.interest.views],
                      [t('listing.saves'), l.interest.saves],
                      [t('dashboard.reservations'), l.interest.reservations],
                      [t('dashboard.kits'), l.interest.quantity],
                    ] as const
                  ).map(([label, value]) => (
                    <View key={label} style={layout === 'phone' ? styles.countHalf : styles.count}>
                      <Text variant="label">{formatNumber(value)}</Text>
                      <Text variant="caption" tone="muted">
                        {label}
                      </Text>
                    </View>
                  ))}
                </View>
                <View style={styles.rowActions}>
                  <ButtonLink
                    label={t('manage.dashboard.manage')}
                    href={`/listing/${l.slug}/manage` as Href}
                    kind="secondary"
                    size="sm"
                    testID="listing-manage"
                  />
                  <Button
                    label={t('manage.dashboard.delete')}
                    hint={t('manage.dashboard.deleteListing', { title: l.title })}
                    kind="ghost"
                    size="sm"
                    onPress={() => setDeleting(l)}
                    testID="listing-delete"
                  />
                </View>
              </View>
            </View>
          ))}
        </View>
      )}
      {deleting ? (
        <DeleteListingSheet
          listing={{ id: deleting.id, title: deleting.title, reservations: deleting.interest.reservations }}
          open
          onClose={() => setDeleting(null)}
          onDeleted={() => setDeleting(null)}
        />
      ) : null}
    </Section>
  );
}

const styles = StyleSheet.create({
  draftRow: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.xs,
    padding: space.xs,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  draftLink: {
    flex: 1,
    minWidth: 240,
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: space.md,
    padding: space.sm,
    borderRadius: radius.md,
  },
  rowActions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, marginTop: space.sm },
  thumbEmpty: { width: 72, height: 63, borderRadius: radius.sm, backgroundColor: colors.surfaceMuted },
  counts: { flexDirection: 'row', flexWrap: 'wrap', gap: space.lg, marginTop: space.xs },
  countsPhone: { columnGap: 0, rowGap: space.sm },
  countHalf: { width: '50%' },
  count: { minWidth: 56 },
});
