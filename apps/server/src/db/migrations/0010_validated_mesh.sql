-- An uploaded model is parsed and validated once: the validated mesh is stored beside the file
-- (compact binary) and this records where, with the format, the mesher's full report and the parse
-- warnings, so later jobs reuse it instead of parsing the file again. Null for images and for
-- models uploaded before this column (jobs then read the file itself). Additive.
ALTER TABLE media_files ADD COLUMN validated_mesh jsonb;
