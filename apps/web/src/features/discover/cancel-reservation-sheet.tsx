/** Cancel a reservation, optionally saying why (a few common reasons and a note, kept on the record). */
import { CANCELLATION_REASON_MAX_LENGTH } from '@kitwright/contracts/constants';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, ChoiceGroup, Input, Notice, Sheet, space, Text } from '../../design';
import { type MessageKey, useT } from '../../i18n';
import { useCancelReservation } from '../../state/queries/reservations';
import { cancellationReason } from './cancellation-reason';
import { problemText } from './request-problems';

/** The note, with room left for the chosen reason written before it on the record. */
const NOTE_MAX_LENGTH = CANCELLATION_REASON_MAX_LENGTH - 100;

const REASONS: Array<{ value: string; label: MessageKey }> = [
  { value: 'changed_mind', label: 'cancelInterest.reason.changedMind' },
  { value: 'other_design', label: 'cancelInterest.reason.otherDesign' },
  { value: 'not_now', label: 'cancelInterest.reason.notNow' },
  { value: 'mistake', label: 'cancelInterest.reason.mistake' },
  { value: 'other', label: 'cancelInterest.reason.other' },
];

export function CancelReservationSheet({
  reservationId,
  listingTitle,
  onClose,
  onCancelled,
}: {
  /** The reservation to cancel; the sheet is open while there is one. */
  reservationId: string | null;
  listingTitle: string;
  onClose: () => void;
  onCancelled?: () => void;
}) {
  const t = useT();
  const cancel = useCancelReservation();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');

  const close = () => {
    setReason(null);
    setNote('');
    cancel.reset();
    onClose();
  };

  const submit = () => {
    if (!reservationId) return;
    const label = REASONS.find((r) => r.value === reason)?.label;
    const text = cancellationReason(label ? t(label) : reason, note);
    cancel.mutate(
      { id: reservationId, reason: text },
      {
        onSuccess: () => {
          close();
          onCancelled?.();
        },
      },
    );
  };

  return (
    <Sheet
      open={reservationId !== null}
      title={t('cancelInterest.title')}
      closeLabel={t('common.close')}
      onClose={close}
      testID="cancel-sheet"
    >
      <View style={styles.stack}>
        <Text>{t('cancelInterest.intro', { title: listingTitle })}</Text>
        <ChoiceGroup
          label={t('cancelInterest.reasonLabel')}
          choices={REASONS.map((r) => ({ value: r.value, label: t(r.label) }))}
          value={reason}
          onChange={setReason}
          testID="cancel-reason"
        />
        <Input
          label={t('cancelInterest.noteLabel')}
          help={t('cancelInterest.noteHelp')}
          value={note}
          onChangeText={setNote}
          multiline
          maxLength={NOTE_MAX_LENGTH}
          testID="cancel-note"
        />
        {cancel.isError ? <Notice tone="error">{problemText(cancel.error, t)}</Notice> : null}
        <View style={styles.actions}>
          <Button
            label={t('cancelInterest.submit')}
            kind="danger"
            busy={cancel.isPending}
            onPress={submit}
            testID="cancel-submit"
          />
          <Button label={t('cancelInterest.keep')} kind="ghost" onPress={close} />
        </View>
      </View>
    </Sheet>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.lg },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
