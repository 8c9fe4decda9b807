/**
 * Register non-binding interest in a listing: how many kits, what for and where, and the explicit
 * acknowledgement that this is not a purchase. Works without an account (a visitor session keeps
 * it). The server's refusals (closed by a gate, a field it does not accept) are shown in its words.
 */

import type { ListingDetail } from '@kitwright/contracts';
import {
  type AllowedUseCase,
  JURISDICTIONS,
  RESERVATION_DISCLAIMER_VERSION,
  RESERVATION_MAX_QUANTITY,
} from '@kitwright/contracts/constants';
import { useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { Button, ButtonLink, Checkbox, ChoiceGroup, Notice, Select, Sheet, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { type ReserveResult, useReserve } from '../../state/queries/reservations';
import { countryName, intendedUseLabel } from './labels';
import { fieldProblems, problemText } from './request-problems';

/** The uses a reservation may name (the allowed ones), decorative first. */
const USES = ['decorative', 'free_standing'] as const satisfies readonly AllowedUseCase[];

/** The country of the reader's language settings (en-GB → GB), when it is one we accept. */
function likelyCountry(): string {
  try {
    const region = new Intl.Locale(Intl.DateTimeFormat().resolvedOptions().locale).region ?? '';
    return (JURISDICTIONS as readonly string[]).includes(region) ? region : '';
  } catch {
    return '';
  }
}

interface Problems {
  acknowledgement?: string;
  intended_use?: string;
  jurisdiction?: string;
  quantity?: string;
  general?: string;
}

export function ReserveSheet({
  open,
  onClose,
  listing,
  shareCode,
}: {
  open: boolean;
  onClose: () => void;
  listing: ListingDetail;
  shareCode?: string | undefined;
}) {
  const { t, locale, formatNumber } = useI18n();
  const user = useSessionUser();
  const reserve = useReserve(listing);
  const [quantity, setQuantity] = useState('1');
  const [use, setUse] = useState<string | null>(
    (USES as readonly string[]).includes(listing.use_case) ? listing.use_case : null,
  );
  const [country, setCountry] = useState(likelyCountry);
  const [acknowledged, setAcknowledged] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState<ReserveResult | null>(null);

  const countries = useMemo(
    () =>
      JURISDICTIONS.map((code) => ({ value: code, label: countryName(locale, code) })).sort((a, b) =>
        a.label.localeCompare(b.label, locale),
      ),
    [locale],
  );

  const close = () => {
    onClose();
    // Start afresh next time, but keep the choices a person made.
    setDone(null);
    setProblems({});
    setAcknowledged(false);
    reserve.reset();
  };

  const submit = () => {
    const found: Problems = {};
    if (!acknowledged) found.acknowledgement = t('reserve.ackRequired');
    if (!use) found.intended_use = t('reserve.useRequired');
    if (!country) found.jurisdiction = t('reserve.countryRequired');
    setProblems(found);
    if (Object.keys(found).length) return;
    reserve.mutate(
      { quantity: Number(quantity), intendedUse: use as string, jurisdiction: country, shareCode },
      {
        onSuccess: (result) => setDone(result),
        onError: (err) => {
          const fields = fieldProblems(err);
          setProblems({
            general: problemText(err, t),
            ...(fields.jurisdiction ? { jurisdiction: fields.jurisdiction } : {}),
            ...(fields.intended_use ? { intended_use: fields.intended_use } : {}),
            ...(fields.quantity ? { quantity: fields.quantity } : {}),
          });
        },
      },
    );
  };

  return (
    <Sheet
      open={open}
      title={done ? t('reserve.doneTitle') : t('reserve.title')}
      closeLabel={t('common.close')}
      onClose={close}
      testID="reserve-sheet"
    >
      {done ? (
        <View style={styles.stack} testID="reserve-success">
          <Notice
            tone="success"
            title={done.refreshed ? t('reserve.refreshedTitle') : t('reserve.successTitle')}
          >
            {t('reserve.successBody')}
          </Notice>
          <View style={styles.summary}>
            <Text variant="label">{listing.title}</Text>
            <Text tone="muted">
              {t('reserve.summary', {
                count: done.reservation.quantity,
                use: intendedUseLabel(t, done.reservation.intended_use),
                country: countryName(locale, done.reservation.jurisdiction),
              })}
            </Text>
          </View>
          {user ? null : (
            <Notice tone="info" title={t('reserve.visitorTitle')}>
              {t('reserve.visitorBody')}
            </Notice>
          )}
          <View style={styles.actions}>
            <Button label={t('reserve.done')} onPress={close} testID="reserve-done" />
            <ButtonLink label={t('reserve.seeDashboard')} kind="secondary" href="/dashboard" />
            {user ? null : (
              <ButtonLink
                label={t('nav.register')}
                kind="ghost"
                href={`/account/register?next=${encodeURIComponent(`/listing/${listing.slug}`)}`}
              />
            )}
          </View>
        </View>
      ) : (
        <View style={styles.stack}>
          <Text>{t('reserve.intro', { title: listing.title })}</Text>
          <View style={styles.points}>
            <Text variant="caption">• {t('reserve.pointFree')}</Text>
            <Text variant="caption">• {t('reserve.pointNoOrder')}</Text>
            <Text variant="caption">• {t('reserve.pointCancel')}</Text>
          </View>
          <ChoiceGroup
            label={t('reserve.quantityLabel')}
            look="pills"
            choices={Array.from({ length: RESERVATION_MAX_QUANTITY }, (_, i) => ({
              value: String(i + 1),
              label: formatNumber(i + 1),
            }))}
            value={quantity}
            onChange={setQuantity}
            error={problems.quantity}
            testID="reserve-quantity"
          />
          <ChoiceGroup
            label={t('reserve.useLabel')}
            help={t('reserve.useHelp')}
            choices={USES.map((u) => ({
              value: u,
              label: intendedUseLabel(t, u),
              description: t(
                u === 'decorative' ? 'discover.use.decorativeHelp' : 'discover.use.freeStandingHelp',
              ),
            }))}
            value={use}
            onChange={setUse}
            error={problems.intended_use}
            testID="reserve-use"
          />
          <Select
            label={t('reserve.countryLabel')}
            help={t('reserve.countryHelp')}
            placeholder={t('reserve.countryPlaceholder')}
            closeLabel={t('common.close')}
            options={countries}
            value={country}
            onChange={setCountry}
            error={problems.jurisdiction}
            testID="reserve-country"
          />
          <Checkbox
            label={t('reserve.ackLabel')}
            help={t('reserve.ackHelp', { version: RESERVATION_DISCLAIMER_VERSION })}
            checked={acknowledged}
            onChange={(on) => {
              setAcknowledged(on);
              if (on) setProblems((p) => ({ ...p, acknowledgement: undefined }));
            }}
            error={problems.acknowledgement}
            testID="reserve-ack"
          />
          {problems.general ? (
            <Notice tone="error" title={t('reserve.refused')} testID="reserve-error">
              {problems.general}
            </Notice>
          ) : null}
          <View style={styles.actions}>
            <Button
              label={t('reserve.submit')}
              onPress={submit}
              busy={reserve.isPending}
              testID="reserve-submit"
            />
            <Button label={t('common.cancel')} kind="ghost" onPress={close} />
          </View>
          {user ? null : (
            <Text variant="caption" tone="muted">
              {t('reserve.noAccountNeeded')}
            </Text>
          )}
        </View>
      )}
    </Sheet>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.lg },
  points: { gap: space.xs },
  summary: { gap: space.xs },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
});
