/**
 * A modal sheet: slides up from the bottom on phones, a centred dialog on wider screens. Focus
 * stays inside while it is open; Escape and the close button dismiss it.
 */
import type { ReactNode } from 'react';
import { Modal, Pressable, ScrollView, StyleSheet, View } from 'react-native';
import { Button } from './button';
import { Text } from './text';
import { colors, radius, space } from './theme';
import { useLayout } from './use-layout';

export interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  testID?: string;
}

export function Sheet({ open, title, onClose, closeLabel, children, testID }: SheetProps) {
  const { layout } = useLayout();
  return (
    <Modal
      visible={open}
      transparent
      animationType={layout === 'phone' ? 'slide' : 'fade'}
      onRequestClose={onClose}
      // On the web the modal itself is the dialog (role dialog, aria-modal): it carries the name.
      {...({ 'aria-label': title } as object)}
    >
      <View style={styles.backdrop}>
        {/* Tapping outside closes; for keyboards and screen readers the close button does (the
            backdrop is hidden from them and out of the tab order: tabIndex -1 on the web). */}
        <Pressable
          style={StyleSheet.absoluteFill}
          aria-hidden
          focusable={false}
          tabIndex={-1}
          onPress={onClose}
        />
        <View
          accessibilityViewIsModal
          testID={testID}
          style={[styles.panel, layout === 'phone' ? styles.bottom : styles.center]}
        >
          <View style={styles.header}>
            <Text variant="h3" style={styles.title}>
              {title}
            </Text>
            <Button label={closeLabel} kind="ghost" size="sm" onPress={onClose} />
          </View>
          <ScrollView contentContainerStyle={styles.body}>{children}</ScrollView>
        </View>
      </View>
    </Modal>
  );
}

const styles = StyleSheet.create({
  backdrop: {
    flex: 1,
    backgroundColor: 'rgba(20, 28, 34, 0.45)',
    justifyContent: 'flex-end',
    alignItems: 'center',
  },
  panel: { backgroundColor: colors.surface, maxHeight: '92%', width: '100%' },
  bottom: { borderTopLeftRadius: radius.lg, borderTopRightRadius: radius.lg },
  center: { maxWidth: 560, borderRadius: radius.lg, marginBottom: 'auto', marginTop: 'auto' },
  header: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingHorizontal: space.lg,
    paddingTop: space.md,
    gap: space.sm,
  },
  title: { flex: 1 },
  body: { padding: space.lg, gap: space.lg },
});
