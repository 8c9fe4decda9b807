/** Where a stored file's bytes are served (GET /api/media/{id}/content). */
import { operationPath } from '@kitwright/contracts';

export function mediaUrl(id: string): string {
  return operationPath('mediaContent', { mediaId: id });
}
