/**
 * Starting a design from either way in (an uploaded model, a prompt): the draft is made, its first
 * job started under one idempotency key for this click, and its workspace opened.
 */
import { type CreateDraftInput, newIdempotencyKey } from '@kitwright/sdk';
import { useRouter } from 'expo-router';
import { useStartDraft } from '../../state/queries/drafts';

export function useStartDesign(): (draft: CreateDraftInput, jobPrefix: string) => Promise<void> {
  const router = useRouter();
  const start = useStartDraft();
  return async (draft, jobPrefix) => {
    const made = await start.mutateAsync({ draft, jobKey: newIdempotencyKey(jobPrefix) });
    router.replace(`/create/draft/${made.id}` as never);
  };
}
