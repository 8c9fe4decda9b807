/**
 * The block kit document a listing or draft links to: its blocks, pinned pairs and build steps.
 * Immutable once written, so it is kept for the visit. Read with the mesher's one kit decoder
 * (`parseKit`, from `@kitwright/mesher/kit-codec`: the decoder alone, not the mesher): the compact version 3 documents written since issue 12's "fast and lean" work, and
 * the version 1 and 2 kits stored before, all come out as the same in-memory kit.
 */
import type { BlockKit } from '@kitwright/mesher';
import { parseKit } from '@kitwright/mesher/kit-codec';
import { useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';

export type { BlockKit };

export const kitKeys = {
  file: (address: string) => ['kit', address] as const,
};

export const KIT_STALE_TIME = Number.POSITIVE_INFINITY;

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
      const text = await textOf(await client.media.contentAt(address ?? '', { signal }));
      try {
        return parseKit(text);
      } catch {
        throw new Error('The kit file is not a block kit this app can read.');
      }
    },
    enabled: Boolean(address),
    staleTime: KIT_STALE_TIME,
  });
}
