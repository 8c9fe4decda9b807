/**
 * The settings of a kit that matter to a maker: how big it is (its longest side in blocks, with
 * the real size next to it), which way is up in the file, and whether it is built hollow.
 */
import type { UpAxis } from '@kitwright/contracts';
import { StyleSheet, View } from 'react-native';
import { ChoiceGroup, space } from '../../design';
import { useI18n } from '../../i18n';
import { realSize } from './kit-size';
import { UP_AXIS_LABEL } from './pose-text';

export const SIZE_CHOICES = [16, 24, 32, 48, 64] as const;

/** The ways up offered, the usual ones of model files first. */
const UP_CHOICES = ['z', 'y', 'x', '-z', '-y', '-x'] as const satisfies readonly UpAxis[];
const UP_HELP = {
  z: 'create.settings.upZHelp',
  y: 'create.settings.upYHelp',
  x: 'create.settings.upXHelp',
  '-z': 'create.settings.upNegativeHelp',
  '-y': 'create.settings.upNegativeHelp',
  '-x': 'create.settings.upNegativeHelp',
} as const satisfies Record<UpAxis, string>;

export interface KitSettingsValue {
  size: number;
  up_axis: UpAxis | null;
  hollow_wall_thickness: number | null;
}

export const DEFAULT_SETTINGS: KitSettingsValue = { size: 32, up_axis: null, hollow_wall_thickness: null };

export function KitSettings({
  value,
  onChange,
  model = true,
}: {
  value: KitSettingsValue;
  onChange: (value: KitSettingsValue) => void;
  /** Upload-based drafts also choose the up axis and hollowness; prompt-based ones only the size. */
  model?: boolean;
}) {
  const { t, locale } = useI18n();
  const sizes = SIZE_CHOICES.includes(value.size as (typeof SIZE_CHOICES)[number])
    ? SIZE_CHOICES
    : [...SIZE_CHOICES, value.size].sort((a, b) => a - b);
  return (
    <View style={styles.wrap}>
      <ChoiceGroup
        label={t('create.settings.size')}
        help={t('create.settings.sizeHelp')}
        look="pills"
        value={String(value.size)}
        onChange={(v) => onChange({ ...value, size: Number(v) })}
        choices={sizes.map((n) => ({
          value: String(n),
          label: t('create.settings.sizeChoice', { count: n, real: realSize(n, locale) }),
        }))}
        testID="setting-size"
      />
      {model ? (
        <>
          <ChoiceGroup
            label={t('create.settings.upAxis')}
            help={t('create.settings.upAxisHelp')}
            value={value.up_axis ?? 'auto'}
            onChange={(v) => onChange({ ...value, up_axis: v === 'auto' ? null : (v as UpAxis) })}
            choices={[
              {
                value: 'auto',
                label: t('create.settings.upAuto'),
                description: t('create.settings.upAutoHelp'),
              },
              ...UP_CHOICES.map((up) => ({
                value: up,
                label: t(UP_AXIS_LABEL[up]),
                description: t(UP_HELP[up]),
              })),
            ]}
            testID="setting-up-axis"
          />
          <ChoiceGroup
            label={t('create.settings.fill')}
            help={t('create.settings.fillHelp')}
            look="pills"
            value={value.hollow_wall_thickness === null ? 'solid' : String(value.hollow_wall_thickness)}
            onChange={(v) => onChange({ ...value, hollow_wall_thickness: v === 'solid' ? null : Number(v) })}
            choices={[
              { value: 'solid', label: t('create.settings.solid') },
              { value: '1', label: t('create.settings.hollow', { walls: 1 }) },
              { value: '2', label: t('create.settings.hollow', { walls: 2 }) },
            ]}
            testID="setting-fill"
          />
        </>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({ wrap: { gap: space.xl } });
