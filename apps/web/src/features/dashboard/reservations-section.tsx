/**
 * The viewer's interest reservations: the active ones with cancel (and a reason), and the
 * cancelled ones on request, each with what was reserved, for what, where and when.
 */
import type { DashboardResponse, Reservation } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { View } from 'react-native';
import { Badge, Button, ButtonLink, Text, TextLink } from '../../design';
import { useI18n } from '../../i18n';
import { CancelReservationSheet } from '../discover/cancel-reservation-sheet';
import { countryName, intendedUseLabel } from '../discover/labels';
import { Empty, rowStyles, Section, Thumb, useDate } from './section';

export function Reservations({ reservations }: { reservations: DashboardResponse['reservations'] }) {
  const { t } = useI18n();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  return (
    <Section
      title={t('dashboard.reservationsTitle')}
      count={reservations.active.length}
      testID="dashboard-reservations"
    >
      <Text variant="caption" tone="muted">
        {t('interest.nonBinding')}
      </Text>
      {reservations.active.length === 0 ? (
        <Empty>
          <Text tone="muted">{t('dashboard.noReservations')}</Text>
          <ButtonLink label={t('home.browseCta')} kind="secondary" href="/gallery" />
        </Empty>
      ) : (
        <View style={rowStyles.rows} role="list">
          {reservations.active.map((r) => (
            <ReservationRow key={r.id} reservation={r} onCancel={() => setCancelling(r)} />
          ))}
        </View>
      )}
      {reservations.cancelled.length ? (
        <View style={rowStyles.rows}>
          <View style={rowStyles.start}>
            <Button
              label={
                showCancelled
                  ? t('dashboard.hideCancelled')
                  : t('dashboard.showCancelled', { count: reservations.cancelled.length })
              }
              kind="ghost"
              onPress={() => setShowCancelled((s) => !s)}
              testID="dashboard-toggle-cancelled"
            />
          </View>
          {showCancelled ? (
            <View style={rowStyles.rows} role="list" testID="dashboard-cancelled">
              {reservations.cancelled.map((r) => (
                <ReservationRow key={r.id} reservation={r} />
              ))}
            </View>
          ) : null}
        </View>
      ) : null}
      <CancelReservationSheet
        reservationId={cancelling?.id ?? null}
        listingTitle={cancelling?.listing.title ?? ''}
        onClose={() => setCancelling(null)}
      />
    </Section>
  );
}

function ReservationRow({ reservation: r, onCancel }: { reservation: Reservation; onCancel?: () => void }) {
  const { t, locale } = useI18n();
  const date = useDate();
  const active = r.status === 'active';
  return (
    <View role="listitem" style={rowStyles.rowCard} testID="dashboard-reservation">
      <Thumb uri={r.listing.preview_url} />
      <View style={rowStyles.rowText}>
        {r.listing.availability === 'available' ? (
          <TextLink href={`/listing/${r.listing.slug}?from=dashboard` as Href} variant="label">
            {r.listing.title}
          </TextLink>
        ) : (
          <Text variant="label">{r.listing.title}</Text>
        )}
        <Text variant="caption" tone="muted">
          {t('common.designedBy', { name: r.listing.designer.display_name })}
        </Text>
        <Text variant="caption">
          {t('reserve.summary', {
            count: r.quantity,
            use: intendedUseLabel(t, r.intended_use),
            country: countryName(locale, r.jurisdiction),
          })}
        </Text>
        <View style={rowStyles.badges}>
          <Badge
            label={active ? t('dashboard.active') : t('dashboard.cancelled')}
            tone={active ? 'success' : 'neutral'}
          />
          <Text variant="caption" tone="muted">
            {active
              ? t('dashboard.reservedOn', { date: date(r.refreshed_at) })
              : t('dashboard.cancelledOn', { date: date(r.cancelled_at ?? r.refreshed_at) })}
          </Text>
        </View>
        {active && r.listing.availability !== 'available' ? (
          <Text variant="caption" tone="muted" testID="reservation-unavailable">
            {t(
              r.listing.availability === 'deleted'
                ? 'manage.reservation.deleted'
                : 'manage.reservation.unavailable',
            )}
          </Text>
        ) : null}
        {!active && r.cancellation_reason ? (
          <Text variant="caption" tone="muted" testID="reservation-reason">
            {t('dashboard.reason', { reason: r.cancellation_reason })}
          </Text>
        ) : null}
      </View>
      {active && onCancel ? (
        <Button
          label={t('dashboard.cancelReservation')}
          kind="ghost"
          onPress={onCancel}
          testID="reservation-cancel"
        />
      ) : null}
    </View>
  );
}
