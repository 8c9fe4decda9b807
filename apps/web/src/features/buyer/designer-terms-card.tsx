/**
 * The designer's pre-order terms on their listing's manage screen (Phase A.5 only): whether they
 * are accepted and which version, the terms' text, accept (the version in force) and withdraw
 * (asked first). Withdrawing stops new invitations, card checks and pre-orders for the listing;
 * confirmed pre-orders stay.
 */
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, Loading, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import {
  useChangeDesignerTerms,
  useDesignerTerms,
  usePreorderAvailability,
} from '../../state/queries/preorders';
import { ProblemNotice } from '../discover/problem-notice';
import { ConfirmSheet } from '../manage/confirm-sheet';
import { formatDay } from './format';
import { preorderProblem } from './problems';

/** Nothing at all until Phase A.5 is open. */
export function DesignerTermsCard({ listingId }: { listingId: string }) {
  const { phaseOpen } = usePreorderAvailability();
  if (!phaseOpen) return null;
  return <Terms listingId={listingId} />;
}

function Terms({ listingId }: { listingId: string }) {
  const { t, locale } = useI18n();
  const terms = useDesignerTerms(listingId, true);
  const change = useChangeDesignerTerms(listingId);
  const [asking, setAsking] = useState(false);
  const s = terms.data;
  const current = s?.accepted === true && s.version === s.current_version;

  return (
    <Card testID="designer-terms">
      <Text variant="h2">{t('buyer.terms.title')}</Text>
      <Text>{t('buyer.terms.intro')}</Text>
      {terms.isPending ? (
        <Loading label={t('buyer.terms.loading')} />
      ) : !s ? (
        <ProblemNotice error={terms.error} onRetry={() => void terms.refetch()} />
      ) : (
        <>
          <View style={styles.row}>
            <Badge
              label={
                s.accepted && s.accepted_at
                  ? t('buyer.terms.accepted', {
                      version: s.version ?? '',
                      date: formatDay(locale, s.accepted_at),
                    })
                  : t('buyer.terms.notAccepted')
              }
              tone={current ? 'success' : 'neutral'}
              testID="designer-terms-state"
            />
            {!s.accepted && s.withdrawn_at ? (
              <Text variant="caption" tone="muted">
                {t('buyer.terms.withdrawn', { date: formatDay(locale, s.withdrawn_at) })}
              </Text>
            ) : null}
          </View>
          {s.accepted && !current ? (
            <Notice tone="warning">
              {t('buyer.terms.outdated', { version: s.version ?? '', current: s.current_version })}
            </Notice>
          ) : null}
          <View style={styles.text}>
            <Text variant="label">{t('buyer.terms.read', { version: s.current_version })}</Text>
            <Text testID="designer-terms-text">{s.current_text}</Text>
          </View>
          {change.error && !asking ? <Notice tone="error">{preorderProblem(t, change.error)}</Notice> : null}
          <View style={styles.row}>
            {current ? null : (
              <Button
                label={t('buyer.terms.accept')}
                busy={change.isPending}
                onPress={() => change.mutate({ accept: true, version: s.current_version })}
                testID="designer-terms-accept"
              />
            )}
            {s.accepted ? (
              <Button
                label={t('buyer.terms.withdraw')}
                kind="ghost"
                onPress={() => {
                  change.reset();
                  setAsking(true);
                }}
                testID="designer-terms-withdraw"
              />
            ) : null}
          </View>
        </>
      )}
      <ConfirmSheet
        open={asking}
        title={t('buyer.terms.withdrawTitle')}
        confirmLabel={t('buyer.terms.withdraw')}
        keepLabel={t('buyer.terms.keep')}
        busy={change.isPending}
        error={change.error}
        onConfirm={() => change.mutate({ accept: false }, { onSuccess: () => setAsking(false) })}
        onClose={() => setAsking(false)}
        testID="designer-terms-withdraw-sheet"
      >
        <Text>{t('buyer.terms.withdrawBody')}</Text>
      </ConfirmSheet>
    </Card>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
  text: { gap: space.xs },
});
