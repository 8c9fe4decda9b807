/**
 * A message in the flow of a page: information, success, a warning or an error. Errors and
 * warnings are announced at once (role alert); the others politely (role status). One that
 * answers an action (`reveal`) is also brought into view and focused as it appears.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { StyleSheet, View } from 'react-native';
import { reveal as revealNode } from '../platform/reveal';
import { Text } from './text';
import { colors, radius, space } from './theme';

type Tone = 'info' | 'success' | 'warning' | 'error';

export function Notice({
  tone = 'info',
  title,
  children,
  action,
  reveal = false,
  testID,
}: {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Scrolled into view and focused when it appears (an answer to what the person just did). */
  reveal?: boolean;
  testID?: string;
}) {
  const box = useRef<View>(null);
  useEffect(() => {
    if (reveal) revealNode(box.current);
  }, [reveal]);
  return (
    <View
      ref={box}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      {...(reveal ? { tabIndex: -1 as const } : {})}
      style={[styles.box, styles[tone]]}
      testID={testID}
    >
      {title ? <Text variant="label">{title}</Text> : null}
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      {action ? <View style={styles.action}>{action}</View> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  box: { borderRadius: radius.md, padding: space.md, gap: space.xs, borderLeftWidth: 4 },
  info: { backgroundColor: colors.brandSoft, borderLeftColor: colors.brand },
  success: { backgroundColor: colors.successSoft, borderLeftColor: colors.success },
  warning: { backgroundColor: colors.warningSoft, borderLeftColor: colors.warning },
  error: { backgroundColor: colors.dangerSoft, borderLeftColor: colors.danger },
  action: { marginTop: space.xs, flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
