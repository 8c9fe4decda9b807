/**
 * The bytes of a media file only its owner may see yet (a draft's preview picture): an <img>
 * cannot send the access token, so the file is read through the SDK and shown from memory.
 */
import { useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export const mediaKeys = {
  content: (address: string) => [...viewerKeys.all(), 'media', address] as const,
};

/** A file at one address never changes (a new picture gets a new address). */
export const MEDIA_STALE_TIME = Number.POSITIVE_INFINITY;

export function usePrivateMedia(address: string | null) {
  const client = useKitwright();
  return useQuery({
    queryKey: mediaKeys.content(address ?? ''),
    queryFn: ({ signal }) => client.media.contentAt(address ?? '', { signal }),
    enabled: Boolean(address),
    staleTime: MEDIA_STALE_TIME,
    retry: false,
  });
}
