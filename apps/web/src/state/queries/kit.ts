/**
 * The block kit document a listing or draft links to (kitwright.blockkit/2, written by the
 * mesher): its blocks, pinned pairs and build steps. Immutable once written, so it is kept for the
 * visit. Version 1 kits stored before issue 12 are read too: their steps have no `pinCount` (one
 * fastener id per pin instead), which `stepPinCount` in build-steps.tsx accounts for.
 */
import type { BlockKit } from '@kitwright/mesher';
import { useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';

export type { BlockKit };

export const kitKeys = {
  file: (address: string) => ['kit', address] as const,
};

export const KIT_STALE_TIME = Number.POSITIVE_INFINITY;

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

/** A Blob's text, where the runtime's Blob cannot read itself (React Native). */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The kit at a media address an answer gave (a listing's `kit_url`); null reads nothing. */
export function useKit(address: string | null) {
  const client = useKitwright();
  return useQuery({
    queryKey: kitKeys.file(address ?? ''),
    queryFn: async ({ signal }) => {
      const kit: unknown = JSON.parse(await textOf(await client.media.contentAt(address ?? '', { signal })));
      if (!isBlockKit(kit)) throw new Error('The kit file is not a block kit this app can read.');
      return kit;
    },
    enabled: Boolean(address),
    staleTime: KIT_STALE_TIME,
  });
}
