/**
 * A determinate progress bar (an upload, a job): role progressbar with its value announced, and
 * an indeterminate look when the amount is not known yet.
 */
import { StyleSheet, View } from 'react-native';
import { Text } from './text';
import { colors, radius, space } from './theme';

export interface ProgressBarProps {
  label: string;
  /** 0..1, or null when the amount is unknown. */
  value: number | null;
  /** Text shown under the bar, e.g. "2.1 MB of 4.0 MB". */
  detail?: string;
  tone?: 'brand' | 'success' | 'danger';
  testID?: string;
}

export function ProgressBar({ label, value, detail, tone = 'brand', testID }: ProgressBarProps) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <View style={styles.wrap}>
      <View style={styles.head}>
        <Text variant="label" style={styles.label}>
          {label}
        </Text>
        {percent !== null ? (
          <Text variant="label" tone="muted">
            {`${percent}%`}
          </Text>
        ) : null}
      </View>
      <View
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={detail}
        testID={testID}
        style={styles.track}
      >
        <View
          style={[
            styles.fill,
            { backgroundColor: fills[tone] },
            percent === null ? styles.unknown : { width: `${Math.max(percent, 2)}%` },
          ]}
        />
      </View>
      {detail ? (
        <Text variant="caption" tone="muted">
          {detail}
        </Text>
      ) : null}
    </View>
  );
}

const fills = { brand: colors.brand, success: colors.success, danger: colors.danger } as const;

const styles = StyleSheet.create({
  wrap: { gap: space.xs },
  head: { flexDirection: 'row', justifyContent: 'space-between', gap: space.sm },
  label: { flexShrink: 1 },
  track: {
    height: 10,
    borderRadius: radius.pill,
    backgroundColor: colors.surfaceMuted,
    overflow: 'hidden',
  },
  fill: { height: '100%', borderRadius: radius.pill },
  unknown: { width: '35%', opacity: 0.6 },
});
