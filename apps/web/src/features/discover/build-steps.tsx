/**
 * How to build the kit, step by step, from the kit file: the pins to insert into the layer
 * below, then the blocks of this layer by size and colour; a step the kit marks `hanging` places
 * blocks with nothing under them yet, held from above, and says so (pins go into the layer above);
 * a step marked `holdUntilStep` leaves the model leaning beyond its base and says to hold it upright.
 * Long builds show the first steps and unfold the rest on request.
 */
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, colors, Loading, Notice, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { type BlockKit, useKit } from '../../state/queries/kit';
import { paletteHex } from '../viewer/palette';
import { colourName } from './labels';

const FIRST_STEPS = 4;

/**
 * Pins a step inserts. A version 2 kit (kitwright.blockkit/2) lists pinned pairs and gives the
 * step's `pinCount`; a version 1 kit, still stored for older drafts and listings, has one
 * fastener id per pin and no `pinCount`.
 */
export function stepPinCount(step: { fastenerIds: number[]; pinCount?: number }): number {
  return typeof step.pinCount === 'number' ? step.pinCount : step.fastenerIds.length;
}

function stepLines(kit: BlockKit, blockIds: number[]) {
  const byId = new Map(kit.blocks.map((b) => [b.id, b]));
  const lines = new Map<string, { part: string; colour: string; count: number }>();
  for (const id of blockIds) {
    const b = byId.get(id);
    if (!b) continue;
    const key = `${b.part}|${b.colour}`;
    const line = lines.get(key) ?? { part: b.part, colour: b.colour, count: 0 };
    line.count += 1;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => b.count - a.count);
}

/** The blocks a step says to prop, as a builder finds them: part, colour and layer, at most three. */
function propTargets(
  kit: BlockKit,
  blockIds: number[],
  describe: (part: string, colour: string, layer: number) => string,
): string {
  const byId = new Map(kit.blocks.map((b) => [b.id, b]));
  return blockIds
    .slice(0, 3)
    .map((id) => byId.get(id))
    .filter((b) => b !== undefined)
    .map((b) => describe(b.part, b.colour, b.layer))
    .join(', ');
}

export function BuildSteps({ kitUrl, steps }: { kitUrl: string; steps: number }) {
  const { t, formatNumber } = useI18n();
  const kit = useKit(kitUrl);
  const [all, setAll] = useState(false);
  const list = kit.data?.steps ?? [];
  const shown = all ? list : list.slice(0, FIRST_STEPS);
  const layers = list.reduce((n, s) => Math.max(n, s.layer + 1), 0);
  return (
    <View style={styles.wrap} testID="build-steps">
      <Text variant="h2">{t('buildSteps.title')}</Text>
      <Text tone="muted">{t('buildSteps.summary', { count: steps })}</Text>
      {kit.isPending ? <Loading label={t('buildSteps.loading')} /> : null}
      {kit.isError ? <Notice tone="warning">{t('buildSteps.failed')}</Notice> : null}
      {shown.length ? (
        <View role="list" style={styles.list}>
          {shown.map((s) => (
            <View key={s.step} role="listitem" style={styles.step} testID="build-step">
              <View style={styles.number} aria-hidden>
                <Text variant="label" tone="inverse">
                  {formatNumber(s.step)}
                </Text>
              </View>
              <View style={styles.stepBody}>
                <Text variant="h3" aria-level={3}>
                  {t('buildSteps.stepTitle', { step: formatNumber(s.step) })}
                </Text>
                <Text variant="label" tone="muted">
                  {t('buildSteps.layer', { layer: formatNumber(s.layer + 1), layers: formatNumber(layers) })}
                </Text>
                {stepPinCount(s) ? (
                  <Text tone="muted">
                    {t(s.hanging ? 'buildSteps.pinsAbove' : 'buildSteps.pins', {
                      count: stepPinCount(s),
                    })}
                  </Text>
                ) : null}
                {s.hanging ? <Text testID="build-step-hanging">{t('buildSteps.hanging')}</Text> : null}
                {s.holdUntilStep ? (
                  <Text testID="build-step-hold">
                    {t('buildSteps.hold', { step: formatNumber(s.holdUntilStep) })}
                  </Text>
                ) : null}
                {s.supportUntilStep ? (
                  <Text testID="build-step-prop">
                    {t('buildSteps.prop', {
                      step: formatNumber(s.supportUntilStep),
                      targets: propTargets(
                        kit.data as BlockKit,
                        s.supportBlockIds ?? [],
                        (part, colour, layer) =>
                          t('buildSteps.propBlock', {
                            part: part.replace('x', '×'),
                            colour: colourName(t, colour),
                            layer: formatNumber(layer + 1),
                          }),
                      ),
                    })}
                  </Text>
                ) : null}
                <Text tone="muted">{t('buildSteps.blocks', { count: s.blockIds.length })}</Text>
                <View style={styles.chips}>
                  {stepLines(kit.data as BlockKit, s.blockIds).map((line) => (
                    <View key={`${line.part}-${line.colour}`} style={styles.chip}>
                      <View
                        aria-hidden
                        style={[
                          styles.dot,
                          { backgroundColor: paletteHex(line.colour) ?? colors.surfaceMuted },
                        ]}
                      />
                      <Text variant="caption">
                        {t('buildSteps.line', {
                          count: line.count,
                          part: line.part.replace('x', '×'),
                          colour: colourName(t, line.colour),
                        })}
                      </Text>
                    </View>
                  ))}
                </View>
              </View>
            </View>
          ))}
        </View>
      ) : null}
      {list.length > FIRST_STEPS ? (
        <View style={styles.more}>
          <Button
            label={all ? t('buildSteps.showFewer') : t('buildSteps.showAll', { count: list.length })}
            kind="secondary"
            onPress={() => setAll((a) => !a)}
            testID="build-steps-toggle"
          />
        </View>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: space.sm },
  list: { gap: space.sm },
  step: {
    flexDirection: 'row',
    gap: space.md,
    padding: space.md,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
  },
  number: {
    width: 32,
    height: 32,
    borderRadius: 16,
    backgroundColor: colors.brand,
    alignItems: 'center',
    justifyContent: 'center',
  },
  stepBody: { flex: 1, gap: 2 },
  chips: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs, marginTop: space.xs },
  chip: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: space.xs,
    paddingHorizontal: space.sm,
    paddingVertical: 2,
    borderRadius: radius.pill,
    backgroundColor: colors.surfaceMuted,
  },
  dot: { width: 10, height: 10, borderRadius: 5, borderWidth: 1, borderColor: 'rgba(0,0,0,0.2)' },
  more: { alignItems: 'flex-start' },
});
