/**
 * The block kit document a listing links to (kitwright.blockkit/1, written by the mesher): the
 * blocks with their cells and colours, the pins, and the build steps layer by layer. Only the parts
 * the app reads are typed here; the web app does not bundle the mesher itself.
 */
import { useQuery } from '@tanstack/react-query';
import { queryKeys, staleTimes } from '../../api/keys';
import { useKitwright } from '../../api/kitwright';

export interface KitBlock {
  id: number;
  part: string;
  colour: string;
  x: number;
  y: number;
  layer: number;
  orientation: 0 | 90;
  size: { x: number; y: number };
}

export interface KitStep {
  step: number;
  layer: number;
  fastenerIds: number[];
  blockIds: number[];
}

export interface BlockKit {
  version: string;
  units: { pitchMm: number; layerHeightMm: number };
  blocks: KitBlock[];
  fasteners: { id: number }[];
  steps: KitStep[];
  metrics: { dimensions: { cells: { x: number; y: number; z: number } } };
}

/** The block colours on sale (the mesher's palette), for drawing and for swatches. */
export const PALETTE_HEX: Record<string, string> = {
  white: '#F4F4F4',
  'light-grey': '#A0A5A9',
  'dark-grey': '#6C6E68',
  black: '#1B2A34',
  red: '#C91A09',
  'dark-red': '#720E0F',
  orange: '#FE8A18',
  yellow: '#F2CD37',
  tan: '#E4CD9E',
  brown: '#583927',
  lime: '#BBE90B',
  green: '#237841',
  'dark-green': '#184632',
  'light-blue': '#9FC3E9',
  blue: '#0055BF',
  'dark-blue': '#0A3463',
  purple: '#81007B',
  pink: '#FC97AC',
};

function isBlockKit(value: unknown): value is BlockKit {
  const kit = value as Partial<BlockKit> | null;
  return Boolean(
    kit &&
      typeof kit.version === 'string' &&
      kit.version.startsWith('kitwright.blockkit/') &&
      Array.isArray(kit.blocks) &&
      Array.isArray(kit.steps),
  );
}

/** The kit behind a listing (immutable once published, so it is kept for the whole visit). */
export function useKit(url: string | null) {
  const client = useKitwright();
  return useQuery({
    queryKey: queryKeys.kit(url ?? ''),
    queryFn: async ({ signal }) => {
      const kit = await client.api.get<unknown>(url as string, { signal });
      if (!isBlockKit(kit)) throw new Error('The kit file is not a block kit this app can read.');
      return kit;
    },
    enabled: Boolean(url),
    staleTime: staleTimes.kit,
  });
}
