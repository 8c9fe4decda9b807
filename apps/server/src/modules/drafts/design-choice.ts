/**
 * The rule for a prompt design's edits (Mode B): a choice names a variant that exists, parameters
 * the chosen design exposes within their bounds, and palette colours for parts it has. Checked
 * against the draft's last generation; before any, only the variant, seed and palette are known.
 */
import type { DesignChoice } from '@kitwright/contracts';
import { isPaletteColourId, MAX_DESIGN_SIZE, type VariantSummary } from '@kitwright/mesher';
import { AppError } from '../../platform/errors';
import type { DraftRow } from './repo';

/** What the draft's last generation said about its variants (stored with its validation). */
function lastVariants(
  row: Pick<DraftRow, 'validation'>,
): Array<Pick<VariantSummary, 'parameters' | 'parts'>> | null {
  const validation = row.validation as {
    generation?: { design?: { variants?: unknown } };
    last_generation?: { design?: { variants?: unknown } };
  } | null;
  // The kit's generation, or (edits made since, kit not rebuilt yet) the one those edits were made on.
  const generation = validation?.generation ?? validation?.last_generation;
  const variants = generation?.design?.variants;
  return Array.isArray(variants) ? (variants as Array<Pick<VariantSummary, 'parameters' | 'parts'>>) : null;
}

export function checkDesignChoice(
  row: Pick<DraftRow, 'mode' | 'validation'>,
  choice: DesignChoice | null | undefined,
  size: number | undefined,
): void {
  if (!choice) return;
  const fields: Record<string, string> = {};
  if (row.mode !== 'B') fields['settings.design'] = 'is only for a prompt-based draft';
  for (const [part, colour] of Object.entries(choice.colours ?? {}))
    if (!isPaletteColourId(colour)) fields[`settings.design.colours.${part}`] = 'is not a block colour';
  if (size !== undefined && size > MAX_DESIGN_SIZE)
    fields['settings.size'] = `must be at most ${MAX_DESIGN_SIZE} blocks for a prompt design`;
  const variants = row.mode === 'B' ? lastVariants(row) : null;
  if (variants) {
    const chosen = variants[choice.variant ?? 0];
    if (!chosen) fields['settings.design.variant'] = `must be below ${variants.length}`;
    else {
      for (const [id, value] of Object.entries(choice.params ?? {})) {
        const spec = chosen.parameters.find((p) => p.id === id);
        if (!spec) fields[`settings.design.params.${id}`] = 'is not a parameter of this design';
        else if (value < spec.min || value > spec.max)
          fields[`settings.design.params.${id}`] = `must be between ${spec.min} and ${spec.max}`;
      }
      for (const part of Object.keys(choice.colours ?? {}))
        if (!chosen.parts.some((p) => p.name === part))
          fields[`settings.design.colours.${part}`] ??= 'is not a part of this design';
    }
  }
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_FAILED', 'These design changes cannot be made.', { fields });
}
