/**
 * Asking before something that cannot be undone (deleting a design or a draft): what will happen,
 * the one button that does it, and the way out. A refusal of the server is shown in the sheet.
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Notice, Sheet, space } from '../../design';
import { useT } from '../../i18n';
import { problemText } from '../discover/request-problems';

export function ConfirmSheet({
  open,
  title,
  children,
  confirmLabel,
  keepLabel,
  busy,
  error,
  onConfirm,
  onClose,
  testID,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  testID?: string;
}) {
  const t = useT();
  return (
    <Sheet open={open} title={title} closeLabel={t('common.close')} onClose={onClose} testID={testID}>
      <View style={styles.stack}>
        {children}
        {error ? <Notice tone="error">{problemText(error, t)}</Notice> : null}
        <View style={styles.actions}>
          <Button
            label={confirmLabel}
            kind="danger"
            busy={busy}
            onPress={onConfirm}
            testID="confirm-delete"
          />
          <Button label={keepLabel} kind="ghost" onPress={onClose} />
        </View>
      </View>
    </Sheet>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.lg },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
