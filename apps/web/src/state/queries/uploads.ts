/**
 * Sending a file with real progress (a model, or Mode B's picture), or a photo: the SDK's upload (XMLHttpRequest in browsers and React
 * Native), with the same token refresh, headers and errors as every other request.
 */
import type { Upload } from '@kitwright/contracts';
import type { UploadFile, UploadProgress } from '@kitwright/sdk';
import { useMutation } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';

export type { UploadProgress };

export interface UploadFileInput {
  /** The web's File, or React Native's `{ uri, name, type, size }`. */
  file: UploadFile;
  name: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Sends a file the person chose (a model, a picture to start from) and reports its progress. */
export function useUploadFile() {
  const client = useKitwright();
  return useMutation({
    mutationFn: async ({ file, name, onProgress, signal }: UploadFileInput): Promise<Upload> => {
      const { upload } = await client.media.upload(file, {
        name,
        onProgress,
        ...(signal ? { signal } : {}),
      });
      return upload;
    },
  });
}

/** Sends a photo (PNG, JPEG or WebP) of the person's own; answers the stored image. */
export function useUploadPhoto() {
  const client = useKitwright();
  return useMutation({
    mutationFn: async ({ file, name }: { file: UploadFile; name: string }): Promise<Upload> => {
      const { upload } = await client.media.upload(file, { name });
      return upload;
    },
  });
}
