/**
 * A draft's settings and picture options with their defaults filled in, and whether an upload's
 * model passed its check: the rules every drafts flow reads a draft by.
 */
import type { DesignChoice, DraftSettings, ReferenceOptions, UpAxis } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import type { DraftRow } from './repo';

export const DEFAULT_KIT_SIZE = 32;

export interface NormalisedSettings {
  size: number;
  hollow_wall_thickness: number | null;
  colour: string | null;
  up_axis: UpAxis | null;
  /** A prompt design's edits after generation (Mode B). */
  design: DesignChoice | null;
}

export function settingsOf(row: Pick<DraftRow, 'settings'>): NormalisedSettings {
  const s = row.settings as DraftSettings;
  return {
    size: s.size ?? DEFAULT_KIT_SIZE,
    hollow_wall_thickness: s.hollow_wall_thickness ?? null,
    colour: s.colour ?? null,
    up_axis: s.up_axis ?? null,
    design: s.design ?? null,
  };
}

/**
 * A picture's options with their defaults filled in (what the draft keeps and its jobs run with),
 * refusing what no kind uses: a mosaic has no depth.
 */
export function normaliseReference(reference: ReferenceOptions): ReferenceOptions {
  if (reference.kind === 'mosaic' && reference.depth !== undefined)
    throw new AppError(
      'VALIDATION_FAILED',
      'A mosaic stands on its own foot and has no depth; only a relief does.',
      {
        fields: { 'reference.depth': 'is only for a relief' },
      },
    );
  return {
    kind: reference.kind,
    width: reference.width,
    ...(reference.kind === 'relief' ? { depth: reference.depth ?? 4 } : {}),
    dithering: reference.dithering ?? false,
    aspect: reference.aspect ?? 'keep',
  };
}

/**
 * Whether an upload's model passed its check. Its kit may still have problems (a kit that would
 * tip over): those belong to the kit, and building it again with other settings is the way on.
 */
export function modelPassed(row: Pick<DraftRow, 'mode' | 'stage' | 'source_upload_id' | 'validation'>) {
  const v = (row.validation ?? {}) as Record<string, unknown>;
  return (
    row.mode === 'A' &&
    row.source_upload_id !== null &&
    (row.stage === 'model_ready' || row.stage === 'kit_ready') &&
    v.mesh !== undefined &&
    v.error === undefined
  );
}
