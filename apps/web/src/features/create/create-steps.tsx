/** Where the maker is in creating a design: source, kit, publish (a step indicator). */
import { StyleSheet, View } from 'react-native';
import { colors, radius, space, Text } from '../../design';
import { useT } from '../../i18n';

export function CreateSteps({ current, mode }: { current: 1 | 2 | 3; mode: 'A' | 'B' }) {
  const t = useT();
  const steps = [
    mode === 'A' ? t('create.steps.upload') : t('create.steps.describe'),
    t('create.steps.kit'),
    t('create.steps.publish'),
  ];
  return (
    <View role="list" aria-label={t('create.steps.label')} style={styles.row}>
      {steps.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'todo';
        return (
          <View
            key={label}
            role="listitem"
            aria-current={state === 'current' ? 'step' : undefined}
            style={styles.step}
          >
            <View style={[styles.dot, state === 'todo' ? styles.dotTodo : styles.dotOn]} aria-hidden>
              <Text variant="caption" weight="bold" tone={state === 'todo' ? 'muted' : 'inverse'}>
                {state === 'done' ? '✓' : String(n)}
              </Text>
            </View>
            <Text variant="label" tone={state === 'todo' ? 'muted' : 'default'} style={styles.label}>
              {label}
            </Text>
          </View>
        );
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  step: { flexDirection: 'row', alignItems: 'center', gap: space.sm },
  dot: { width: 26, height: 26, borderRadius: radius.pill, alignItems: 'center', justifyContent: 'center' },
  dotOn: { backgroundColor: colors.brand },
  dotTodo: { backgroundColor: colors.surfaceMuted, borderWidth: 1, borderColor: colors.line },
  label: { flexShrink: 1 },
});
