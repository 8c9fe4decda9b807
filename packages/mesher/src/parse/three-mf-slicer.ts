// What a slicer's project adds to a 3MF, read from the slicer's own files beside the model:
// which volumes it prints (modifiers, support blockers and enforcers, negative volumes are not
// printed), which filament each volume and each painted triangle uses, and the filaments' colours.
//
// Bambu Studio and OrcaSlicer: `Metadata/model_settings.config` (`<object id>` is a root object,
// each `<part id subtype>` one of its components by object id, `extruder` metadata on either),
// `Metadata/project_settings.config` (JSON, `filament_colour`), and `paint_color` on triangles.
// PrusaSlicer: `Metadata/Slic3r_PE_model.config` (each `<volume firstid lastid>` a range of its
// object's triangles, with `volume_type` and `extruder` metadata), `Metadata/Slic3r_PE.config`
// (`; extruder_colour = …`, `; filament_colour = …`), and `slic3rpe:mmu_segmentation`.

import { UNCOLOURED_RGB } from '../colour/palette';
import type { MesherLimits } from '../config/limits';
import { attributes, forEachTag, parseHexColour } from './xml-scan';
import { extractEntry, findEntry, type ZipDirectory } from './zip-archive';

export type VolumeRole = 'printed' | 'helper' | 'negative';

export interface SlicerVolume {
  role: VolumeRole;
  /** 1-based filament; 0: the object's. */
  extruder: number;
}

export interface SlicerProject {
  /** Bambu: root object id → its object's filament (0: none named). */
  objectExtruders: Map<number, number>;
  /** Bambu: root object id → component object id → the part. */
  parts: Map<number, Map<number, SlicerVolume>>;
  /** PrusaSlicer: object id → its volumes as triangle ranges (inclusive). */
  ranges: Map<number, (SlicerVolume & { first: number; last: number })[]>;
  /** The filaments' colours, filament 1 first; empty when the project names none. */
  filaments: (readonly [number, number, number])[];
}

function roleOf(type: string | undefined): VolumeRole {
  switch (type) {
    case 'negative_part':
    case 'NegativeVolume':
      return 'negative';
    case 'modifier_part':
    case 'support_blocker':
    case 'support_enforcer':
    case 'ParameterModifier':
    case 'SupportBlocker':
    case 'SupportEnforcer':
      return 'helper';
    default:
      return 'printed';
  }
}

function extruderOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 64 ? n : 0;
}

function readBambuSettings(text: string, project: SlicerProject): void {
  let objectId: number | null = null;
  let part: SlicerVolume | null = null;
  forEachTag(text, ({ name, closing, selfClosing, attributeText }) => {
    if (closing) {
      if (name === 'object') objectId = null;
      else if (name === 'part') part = null;
      return;
    }
    const a = attributes(attributeText);
    if (name === 'object') {
      objectId = Number(a.id);
      project.parts.set(objectId, new Map());
      if (selfClosing) objectId = null;
    } else if (name === 'part' && objectId !== null) {
      const volume: SlicerVolume = { role: roleOf(a.subtype), extruder: 0 };
      project.parts.get(objectId)!.set(Number(a.id), volume);
      part = selfClosing ? null : volume;
    } else if (name === 'metadata' && a.key === 'extruder' && objectId !== null) {
      if (part) part.extruder = extruderOf(a.value);
      else project.objectExtruders.set(objectId, extruderOf(a.value));
    }
  });
}

function readPrusaModelSettings(text: string, project: SlicerProject): void {
  let objectId: number | null = null;
  let volume: (SlicerVolume & { first: number; last: number }) | null = null;
  forEachTag(text, ({ name, closing, selfClosing, attributeText }) => {
    if (closing) {
      if (name === 'object') objectId = null;
      else if (name === 'volume') volume = null;
      return;
    }
    const a = attributes(attributeText);
    if (name === 'object' && !selfClosing) {
      objectId = Number(a.id);
      project.ranges.set(objectId, []);
    } else if (name === 'volume' && objectId !== null) {
      const first = Number(a.firstid);
      const last = Number(a.lastid);
      volume = { first, last, role: 'printed', extruder: 0 };
      if (Number.isInteger(first) && Number.isInteger(last)) project.ranges.get(objectId)!.push(volume);
      if (selfClosing) volume = null;
    } else if (name === 'metadata' && objectId !== null) {
      if (!volume) {
        if (a.key === 'extruder') project.objectExtruders.set(objectId, extruderOf(a.value));
      } else if (a.key === 'volume_type') volume.role = roleOf(a.value);
      // Older PrusaSlicer files say only `modifier = 1`; newer ones name the volume type too.
      else if (a.key === 'modifier' && a.value === '1' && volume.role === 'printed') volume.role = 'helper';
      else if (a.key === 'extruder') volume.extruder = extruderOf(a.value);
    }
  });
}

function colourList(values: unknown): (readonly [number, number, number])[] {
  if (!Array.isArray(values)) return [];
  return values.map((v) => (typeof v === 'string' ? parseHexColour(v) : null) ?? UNCOLOURED_RGB);
}

/** PrusaSlicer's `; key = a;b;c` lines; values may be quoted. */
function prusaColours(text: string): (readonly [number, number, number])[] {
  const option = (key: string): string[] => {
    const line = new RegExp(`^;\\s*${key}\\s*=\\s*(.*)$`, 'm').exec(text);
    return line ? line[1]!.split(';').map((v) => v.trim().replace(/^"|"$/g, '')) : [];
  };
  const extruder = option('extruder_colour');
  const filament = option('filament_colour');
  const count = Math.max(extruder.length, filament.length);
  return Array.from(
    { length: count },
    (_, i) => parseHexColour(extruder[i]) ?? parseHexColour(filament[i]) ?? UNCOLOURED_RGB,
  );
}

export function readSlicerProject(
  bytes: Uint8Array,
  directory: ZipDirectory,
  limits: MesherLimits,
): SlicerProject {
  const project: SlicerProject = {
    objectExtruders: new Map(),
    parts: new Map(),
    ranges: new Map(),
    filaments: [],
  };
  const text = (name: string): string | null => {
    const entry = findEntry(directory, name);
    return entry ? new TextDecoder('utf-8').decode(extractEntry(bytes, entry, limits)) : null;
  };
  const bambu = text('Metadata/model_settings.config');
  if (bambu) readBambuSettings(bambu, project);
  const prusa = text('Metadata/Slic3r_PE_model.config');
  if (prusa) readPrusaModelSettings(prusa, project);
  const settings = text('Metadata/project_settings.config');
  if (settings) {
    try {
      project.filaments = colourList((JSON.parse(settings) as { filament_colour?: unknown }).filament_colour);
    } catch {
      // A project's settings that are not JSON say nothing about colours; the geometry stands.
    }
  }
  const prusaConfig = project.filaments.length === 0 ? text('Metadata/Slic3r_PE.config') : null;
  if (prusaConfig) project.filaments = prusaColours(prusaConfig);
  return project;
}

/**
 * The filament that covers most of a painted triangle, from its paint code (`paint_color`,
 * `mmu_segmentation`): the slicers' TriangleSelector bit stream, written as hex digits last digit
 * first. Each node is one digit: its low two bits are how many sides are split (0: a leaf); a leaf's
 * high two bits are its state (0: the volume's own filament, n: filament n), 3 meaning "3 plus the
 * next digit"; a split node's high bits name the special side and its 2, 3 or 4 children follow.
 * Children's areas: halves for one split side, ½ ¼ ¼ for two (in the order written), quarters for
 * three. Returns 0 for unpainted or damaged codes.
 */
export function dominantPaintState(code: string): number {
  let at = code.length;
  const digit = (): number => {
    if (at <= 0) return -1;
    const value = Number.parseInt(code[--at]!, 16);
    return Number.isNaN(value) ? -1 : value;
  };
  const area = new Map<number, number>();
  const pending: number[][] = [[1]];
  while (pending.length > 0) {
    const shares = pending[pending.length - 1]!;
    const share = shares.shift();
    if (share === undefined) {
      pending.pop();
      continue;
    }
    const node = digit();
    if (node < 0 || pending.length > 64) return 0;
    const split = node & 3;
    if (split === 0) {
      let state = node >> 2;
      if (state === 3) {
        const extra = digit();
        if (extra < 0) return 0;
        state += extra;
      }
      area.set(state, (area.get(state) ?? 0) + share);
    } else if (split === 1) pending.push([share / 2, share / 2]);
    else if (split === 2) pending.push([share / 2, share / 4, share / 4]);
    else pending.push([share / 4, share / 4, share / 4, share / 4]);
  }
  let best = 0;
  let bestArea = -1;
  for (const [state, a] of area) {
    if (a > bestArea + 1e-12 || (Math.abs(a - bestArea) <= 1e-12 && state < best)) {
      best = state;
      bestArea = a;
    }
  }
  return best;
}

export function leftOutMessage(helpers: number, negatives: number): string {
  const parts: string[] = [];
  if (helpers > 0) {
    parts.push(
      `${helpers} modifier or support volume${helpers === 1 ? '' : 's'}, which the slicer does not print, ${helpers === 1 ? 'was' : 'were'} left out`,
    );
  }
  if (negatives > 0) {
    parts.push(
      `${negatives} negative volume${negatives === 1 ? ' was' : 's were'} left out, so what ${negatives === 1 ? 'it cuts' : 'they cut'} away stays filled`,
    );
  }
  return `${parts.join('; ')}.`;
}
