-- Mode B from a reference picture (issue 19): a draft made from an uploaded image keeps the image
-- in source_upload_id and what it becomes (mosaic or relief, width, depth, dithering, aspect) in
-- reference. A Mode B draft has either a prompt or a reference, never both; a reference needs its
-- picture and belongs to Mode B only.
ALTER TABLE design_drafts ADD COLUMN reference jsonb;
ALTER TABLE design_drafts DROP CONSTRAINT design_drafts_check;
ALTER TABLE design_drafts
  ADD CONSTRAINT design_drafts_source_check CHECK (
    mode = 'A'
    OR (prompt IS NOT NULL AND reference IS NULL)
    OR (prompt IS NULL AND reference IS NOT NULL AND source_upload_id IS NOT NULL)
  ),
  ADD CONSTRAINT design_drafts_reference_check CHECK (
    reference IS NULL
    OR (
      mode = 'B'
      AND jsonb_typeof(reference) = 'object'
      AND reference ->> 'kind' IN ('mosaic', 'relief')
      AND jsonb_typeof(reference -> 'width') = 'number'
      AND (reference ->> 'width')::numeric BETWEEN 16 AND 64
      AND (NOT reference ? 'depth' OR (reference ->> 'depth')::numeric BETWEEN 3 AND 12)
    )
  );
