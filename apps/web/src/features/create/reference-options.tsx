/** The options of a design made from a picture: mosaic or relief, width, shape or height, dithering. */
import type { ReferenceOptions } from '@kitwright/contracts';
import { StyleSheet, View } from 'react-native';
import { Checkbox, ChoiceGroup, space } from '../../design';
import { useI18n } from '../../i18n';
import { realSize } from './kit-size';

export const DEFAULT_REFERENCE: ReferenceOptions = {
  kind: 'mosaic',
  width: 32,
  aspect: 'keep',
  dithering: false,
};
const WIDTHS = ['16', '32', '48', '64'] as const;
const DEPTHS = ['3', '4', '6', '8'] as const;
const DEFAULT_DEPTH = 4;

/** The options as the API takes them: a mosaic has no depth, a relief no shape choice. */
export function referenceBody(value: ReferenceOptions): ReferenceOptions {
  return value.kind === 'mosaic'
    ? {
        kind: 'mosaic',
        width: value.width,
        aspect: value.aspect ?? 'keep',
        dithering: value.dithering ?? false,
      }
    : {
        kind: 'relief',
        width: value.width,
        depth: value.depth ?? DEFAULT_DEPTH,
        dithering: value.dithering ?? false,
      };
}

export function ReferenceOptionsFields({
  value,
  onChange,
}: {
  value: ReferenceOptions;
  onChange: (value: ReferenceOptions) => void;
}) {
  const { t, locale } = useI18n();
  return (
    <View style={styles.fields}>
      <ChoiceGroup
        label={t('reference.kind.label')}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
        choices={[
          { value: 'mosaic', label: t('reference.kind.mosaic'), description: t('reference.kind.mosaicHelp') },
          { value: 'relief', label: t('reference.kind.relief'), description: t('reference.kind.reliefHelp') },
        ]}
        testID="reference-kind"
      />
      <ChoiceGroup
        label={t('reference.width.label')}
        help={t('reference.width.help')}
        look="pills"
        value={String(value.width)}
        onChange={(width) => onChange({ ...value, width: Number(width) })}
        choices={WIDTHS.map((n) => ({
          value: n,
          label: t('reference.width.choice', { count: Number(n), real: realSize(Number(n), locale) }),
        }))}
        testID="reference-width"
      />
      {value.kind === 'mosaic' ? (
        <ChoiceGroup
          label={t('reference.aspect.label')}
          look="pills"
          value={value.aspect ?? 'keep'}
          onChange={(aspect) => onChange({ ...value, aspect })}
          choices={[
            { value: 'keep', label: t('reference.aspect.keep') },
            { value: 'square', label: t('reference.aspect.square') },
          ]}
          testID="reference-aspect"
        />
      ) : (
        <ChoiceGroup
          label={t('reference.depth.label')}
          look="pills"
          value={String(value.depth ?? DEFAULT_DEPTH)}
          onChange={(depth) => onChange({ ...value, depth: Number(depth) })}
          choices={DEPTHS.map((n) => ({
            value: n,
            label: t('reference.depth.choice', { count: Number(n) }),
          }))}
          testID="reference-depth"
        />
      )}
      <Checkbox
        label={t('reference.dithering.label')}
        help={t('reference.dithering.help')}
        checked={value.dithering ?? false}
        onChange={(dithering) => onChange({ ...value, dithering })}
        testID="reference-dithering"
      />
    </View>
  );
}

const styles = StyleSheet.create({
  fields: { gap: space.lg },
});
