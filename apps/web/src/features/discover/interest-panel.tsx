/**
 * The listing's call to action, as the server states it for this viewer: reserve interest, see or
 * cancel the interest already registered, a note on one's own design, or why reserving is closed.
 */
import type { ListingDetail } from '@kitwright/contracts';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, ButtonLink, Card, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { CancelReservationSheet } from './cancel-reservation-sheet';
import { ReserveSheet } from './reserve-sheet';

export function InterestPanel({
  listing,
  shareCode,
}: {
  listing: ListingDetail;
  shareCode?: string | undefined;
}) {
  const { t } = useI18n();
  const [reserving, setReserving] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const { cta, interest } = listing;

  return (
    <Card testID="interest-panel">
      <Text variant="h2" style={styles.heading}>
        {t('interest.heading')}
      </Text>
      <Text variant="caption" tone="muted" testID="interest-count">
        {t('interest.count', {
          people: t('interest.people', { count: interest.reservations }),
          kits: t('interest.kits', { count: interest.quantity }),
        })}
      </Text>
      {interest.reservations > 0 ? (
        <Text variant="caption" tone="muted" testID="interest-trust">
          {t('interest.trust', {
            households: t('interest.households', { count: interest.households }),
            verified: t('interest.verified', { count: interest.verified_reservations }),
          })}
        </Text>
      ) : null}
      {cta.state === 'can_reserve' ? (
        <>
          <Text>{t('interest.body')}</Text>
          <Button
            label={t('interest.reserve')}
            onPress={() => setReserving(true)}
            testID="reserve-button"
            full
          />
        </>
      ) : null}
      {cta.state === 'already_reserved' ? (
        <>
          <Notice tone="success" title={t('interest.reservedTitle')} testID="interest-reserved">
            {t('interest.reservedBody')}
          </Notice>
          <View style={styles.actions}>
            <Button label={t('interest.update')} kind="secondary" onPress={() => setReserving(true)} />
            <Button
              label={t('interest.cancel')}
              kind="ghost"
              onPress={() => setCancelling(cta.reservation_id)}
              testID="interest-cancel"
            />
            <ButtonLink label={t('interest.seeDashboard')} kind="ghost" href="/dashboard" />
          </View>
        </>
      ) : null}
      {cta.state === 'own_listing' ? (
        <Notice tone="info" title={t('interest.ownTitle')}>
          {t('interest.ownBody')}
        </Notice>
      ) : null}
      {cta.state === 'reservations_closed' || cta.state === 'unavailable' ? (
        <Notice tone="warning" title={t('interest.closedTitle')} testID="interest-closed">
          {cta.reason ?? t('interest.closedBody')}
        </Notice>
      ) : null}
      <Text variant="caption" tone="muted">
        {t('interest.nonBinding')}
      </Text>
      <ReserveSheet
        open={reserving}
        onClose={() => setReserving(false)}
        listing={listing}
        shareCode={shareCode}
      />
      <CancelReservationSheet
        reservationId={cancelling}
        listingTitle={listing.title}
        onClose={() => setCancelling(null)}
      />
    </Card>
  );
}

const styles = StyleSheet.create({
  heading: { fontSize: 22, lineHeight: 28 },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
