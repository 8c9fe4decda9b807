/** What the API shows of a draft (the Draft resource), with its source upload's name and format. */
import type { Draft, KitSummary } from '@kitwright/contracts';
import { mediaUrl } from '../media/urls';
import type { DraftsContext } from './context';
import type { StoredKitSummary } from './kit-summary';
import type { DraftRow } from './repo';
import { settingsOf } from './settings';

export async function toDrafts(ctx: DraftsContext, rows: DraftRow[]): Promise<Draft[]> {
  const uploads = await ctx.media.summaries(
    rows.flatMap((r) => (r.source_upload_id ? [r.source_upload_id] : [])),
  );
  return rows.map((r) => draftOf(r, r.source_upload_id ? uploads.get(r.source_upload_id) : undefined));
}

export async function toDraft(ctx: DraftsContext, row: DraftRow): Promise<Draft> {
  return (await toDrafts(ctx, [row]))[0] as Draft;
}

function draftOf(
  row: DraftRow,
  upload: { id: string; format: string; original_name: string | null } | undefined,
): Draft {
  return {
    id: row.id,
    mode: row.mode,
    title: row.title,
    source_upload: upload
      ? { id: upload.id, format: upload.format, original_name: upload.original_name }
      : null,
    prompt: row.prompt,
    reference: row.reference,
    source_language: row.source_language,
    settings: settingsOf(row),
    stage: row.stage,
    validation_state: row.validation_state,
    validation: row.validation,
    jobs: { model: row.model_job_id, block_kit: row.block_kit_job_id },
    artefacts: {
      kit_url: row.kit_file_id ? mediaUrl(row.kit_file_id) : null,
      preview_url: row.preview_file_id ? mediaUrl(row.preview_file_id) : null,
      preview_png_url: row.preview_png_file_id ? mediaUrl(row.preview_png_file_id) : null,
      summary: (row.kit_summary as KitSummary | null) ?? null,
      pose: (row.kit_summary as StoredKitSummary | null)?.pose ?? null,
    },
    publish_state: row.publish_state,
    listing_id: row.listing_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
