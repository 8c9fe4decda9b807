/**
 * /account/reservations: the page a pre-order invitation links to. The buyer's reservations, each
 * with its pre-order invitation when it has one, and, once Phase A.5 is open, "my pre-orders" with
 * their status and cancel. In Phase A (or with the `phaseA5Preorders` flag off and no pre-orders)
 * nothing about pre-orders is shown or fetched.
 */
import type { Preorder, Reservation } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Button,
  ButtonLink,
  colors,
  Loading,
  Notice,
  radius,
  Screen,
  space,
  Text,
  TextLink,
} from '../../design';
import { useI18n } from '../../i18n';
import {
  type PreorderAvailability,
  useMyPreorders,
  useMyReservations,
  usePreorderAvailability,
} from '../../state/queries/preorders';
import { SmallLink } from '../account/small-link';
import { ProblemNotice } from '../discover/problem-notice';
import { CancelPreorderSheet } from './cancel-preorder-sheet';
import { formatDay, formatMoney } from './format';

export function ReservationsScreen() {
  const { t } = useI18n();
  const user = useSessionUser();
  return (
    <Screen title={t('buyer.reservations.title')} testID="buyer-reservations">
      <View style={styles.page}>
        <SmallLink href="/dashboard" label={t('buyer.reservations.dashboard')} />
        <Text variant="h1">{t('buyer.reservations.title')}</Text>
        {user ? <SignedIn /> : <RequireSignIn reason={t('buyer.reservations.signIn')}>{null}</RequireSignIn>}
      </View>
    </Screen>
  );
}

function SignedIn() {
  const { t } = useI18n();
  const availability = usePreorderAvailability();
  const reservations = useMyReservations();
  const preorders = useMyPreorders(availability.phaseOpen);
  const items = reservations.data?.items ?? [];
  const byId = new Map(items.map((r) => [r.id, r]));
  const mine = preorders.data?.items ?? [];
  // With the flag off a buyer still sees (and may cancel) the pre-orders they already have.
  const showPreorders = availability.enabled || mine.length > 0;
  return (
    <View style={styles.page}>
      {showPreorders ? (
        <View style={styles.section} testID="buyer-preorders">
          <Text variant="h2">{t('buyer.list.title')}</Text>
          <Text tone="muted">{t('buyer.list.intro')}</Text>
          {preorders.isPending ? (
            <Loading label={t('buyer.list.loading')} />
          ) : preorders.isError ? (
            <ProblemNotice error={preorders.error} onRetry={() => void preorders.refetch()} />
          ) : mine.length === 0 ? (
            <Text tone="muted">{t('buyer.list.empty')}</Text>
          ) : (
            <PreorderList items={mine} reservations={byId} />
          )}
        </View>
      ) : null}
      <View style={styles.section} testID="buyer-reservation-list">
        <Text variant="h2">{t('buyer.reservations.title')}</Text>
        <Text tone="muted">{t('buyer.reservations.intro')}</Text>
        {reservations.isPending ? (
          <Loading label={t('buyer.reservations.loading')} />
        ) : reservations.isError ? (
          <ProblemNotice error={reservations.error} onRetry={() => void reservations.refetch()} />
        ) : items.length === 0 ? (
          <View style={styles.empty}>
            <Text tone="muted">{t('buyer.reservations.empty')}</Text>
            <ButtonLink label={t('buyer.reservations.browse')} kind="secondary" href="/gallery" />
          </View>
        ) : (
          <View role="list" style={styles.rows}>
            {items.map((r) => (
              <ReservationItem key={r.id} reservation={r} availability={availability} />
            ))}
          </View>
        )}
      </View>
    </View>
  );
}

function ReservationItem({
  reservation: r,
  availability,
}: {
  reservation: Reservation;
  availability: PreorderAvailability;
}) {
  const { t, locale } = useI18n();
  const active = r.status === 'active';
  const state = r.conversion_invite_state;
  return (
    <View role="listitem" style={styles.card} testID="buyer-reservation">
      {r.listing.availability === 'available' ? (
        <TextLink href={`/listing/${r.listing.slug}` as Href} variant="label">
          {r.listing.title}
        </TextLink>
      ) : (
        <Text variant="label">{r.listing.title}</Text>
      )}
      <Text variant="caption" tone="muted">
        {t('common.designedBy', { name: r.listing.designer.display_name })}
      </Text>
      <View style={styles.badges}>
        <Badge
          label={active ? t('buyer.reservations.active') : t('buyer.reservations.cancelled')}
          tone={active ? 'success' : 'neutral'}
        />
        {availability.phaseOpen && state === 'converted' ? (
          <Badge label={t('buyer.invite.converted')} tone="brand" />
        ) : null}
        {availability.phaseOpen && state === 'declined' ? (
          <Badge label={t('buyer.invite.declined')} tone="neutral" />
        ) : null}
        <Text variant="caption" tone="muted">
          {t('buyer.reservations.reservedOn', { date: formatDay(locale, r.created_at) })}
        </Text>
      </View>
      {active && state === 'invited' && availability.phaseOpen ? (
        availability.enabled ? (
          <View style={styles.invite} testID="buyer-invitation">
            <Badge label={t('buyer.invite.badge')} tone="brand" />
            <Text>{t('buyer.invite.body')}</Text>
            <View style={styles.start}>
              <ButtonLink
                label={t('buyer.invite.open')}
                href={`/pre-order/${r.id}` as Href}
                testID="buyer-open-preorder"
              />
            </View>
          </View>
        ) : (
          <Text variant="caption" tone="muted">
            {t('buyer.invite.paused')}
          </Text>
        )
      ) : null}
    </View>
  );
}

function PreorderList({
  items,
  reservations,
}: {
  items: Preorder[];
  reservations: Map<string, Reservation>;
}) {
  const { t, locale } = useI18n();
  const [cancelling, setCancelling] = useState<Preorder | null>(null);
  const [done, setDone] = useState(false);
  const titleOf = (p: Preorder) =>
    reservations.get(p.reservation_id)?.listing.title ?? t('buyer.list.unknownListing');
  return (
    <View style={styles.rows}>
      {done ? (
        <Notice tone="success" reveal testID="buyer-cancelled-notice">
          {t('buyer.cancel.done')}
        </Notice>
      ) : null}
      <View role="list" style={styles.rows}>
        {items.map((p) => {
          const confirmed = p.status === 'confirmed';
          return (
            <View role="listitem" key={p.id} style={styles.card} testID="buyer-preorder">
              <Text variant="label">{titleOf(p)}</Text>
              <View style={styles.badges}>
                <Badge
                  label={confirmed ? t('buyer.list.confirmed') : t('buyer.list.cancelledStatus')}
                  tone={confirmed ? 'success' : 'neutral'}
                  testID="buyer-preorder-status"
                />
                <Text variant="caption" tone="muted">
                  {confirmed
                    ? t('buyer.list.createdOn', { date: formatDay(locale, p.created_at) })
                    : t('buyer.list.cancelledOn', {
                        date: formatDay(locale, p.cancelled_at ?? p.created_at),
                      })}
                </Text>
              </View>
              <Text variant="caption">
                {t('buyer.list.expected', { price: formatMoney(locale, p.expected_price) })}
              </Text>
              {p.card.last4 ? (
                <Text variant="caption" tone="muted">
                  {t('buyer.list.card', { brand: p.card.brand ?? '', last4: p.card.last4 })}
                </Text>
              ) : null}
              {confirmed ? (
                <View style={styles.start}>
                  <Button
                    label={t('buyer.list.cancel')}
                    kind="ghost"
                    onPress={() => {
                      setDone(false);
                      setCancelling(p);
                    }}
                    testID="buyer-preorder-cancel"
                  />
                </View>
              ) : null}
            </View>
          );
        })}
      </View>
      <CancelPreorderSheet
        preorderId={cancelling?.id ?? null}
        title={cancelling ? titleOf(cancelling) : ''}
        onClose={() => setCancelling(null)}
        onDone={() => {
          setCancelling(null);
          setDone(true);
        }}
      />
    </View>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  section: { gap: space.md },
  rows: { gap: space.sm },
  card: {
    gap: space.xs,
    padding: space.md,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs, alignItems: 'center' },
  invite: {
    gap: space.sm,
    marginTop: space.sm,
    paddingTop: space.sm,
    borderTopWidth: 1,
    borderTopColor: colors.line,
  },
  start: { alignItems: 'flex-start' },
  empty: { gap: space.md, alignItems: 'flex-start' },
});
