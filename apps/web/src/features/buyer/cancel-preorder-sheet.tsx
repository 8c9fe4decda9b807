/**
 * Asking before a pre-order is cancelled (it cannot be undone: the card is removed and the
 * reservation is never invited again): why, an optional note, and the one button that does it.
 */
import type { PreorderCancelReason } from '@kitwright/contracts';
import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, ChoiceGroup, Input, Notice, Sheet, space, Text } from '../../design';
import { type MessageKey, useT } from '../../i18n';
import { useCancelPreorder } from '../../state/queries/preorders';
import { preorderProblem } from './problems';

const REASON_WORDS = {
  changed_mind: 'buyer.cancel.reason.changed_mind',
  price: 'buyer.cancel.reason.price',
  timing: 'buyer.cancel.reason.timing',
  found_alternative: 'buyer.cancel.reason.found_alternative',
  card_problem: 'buyer.cancel.reason.card_problem',
  other: 'buyer.cancel.reason.other',
} as const satisfies Record<PreorderCancelReason, MessageKey>;

const REASONS = Object.keys(REASON_WORDS) as PreorderCancelReason[];

export function CancelPreorderSheet({
  preorderId,
  title,
  onClose,
  onDone,
}: {
  preorderId: string | null;
  title: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const cancel = useCancelPreorder();
  const [reason, setReason] = useState<PreorderCancelReason | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const { reset } = cancel;
  useEffect(() => {
    if (preorderId) {
      setReason(null);
      setNote('');
      setMissing(false);
      reset();
    }
  }, [preorderId, reset]);

  async function confirm() {
    if (!preorderId) return;
    if (!reason) {
      setMissing(true);
      return;
    }
    try {
      await cancel.mutateAsync({
        id: preorderId,
        body: { reason, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      onDone();
    } catch {
      // shown below from cancel.error
    }
  }

  return (
    <Sheet
      open={preorderId !== null}
      title={t('buyer.cancel.title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      testID="buyer-cancel-sheet"
    >
      <View style={styles.stack}>
        <Text variant="label">{title}</Text>
        <Text>{t('buyer.cancel.body')}</Text>
        <ChoiceGroup
          label={t('buyer.cancel.reason')}
          choices={REASONS.map((value) => ({ value, label: t(REASON_WORDS[value]) }))}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setMissing(false);
          }}
          error={missing ? t('buyer.cancel.chooseReason') : null}
          testID="buyer-cancel-reason"
        />
        <Input label={t('buyer.cancel.note')} value={note} onChangeText={setNote} multiline maxLength={500} />
        {cancel.error ? <Notice tone="error">{preorderProblem(t, cancel.error)}</Notice> : null}
        <View style={styles.actions}>
          <Button
            label={t('buyer.cancel.confirm')}
            kind="danger"
            busy={cancel.isPending}
            onPress={() => void confirm()}
            testID="buyer-cancel-confirm"
          />
          <Button label={t('buyer.cancel.keep')} kind="ghost" onPress={onClose} />
        </View>
      </View>
    </Sheet>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.lg },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
