-- Drafts stuck by "Apply and rebuild" after a kit with problems (issue 11). Data only.
--
-- New settings used to put an upload's draft back at "model checked" (model_ready) but kept the
-- failed kit's verdict (validation_state 'invalid', its build report), with no kit job: the app
-- only builds a kit for a model that passed, and the API refused the build, so nothing could move
-- it on. Its model did pass (its check's report is there, with no error): it is made "model
-- checked" again, without the old kit's verdict, and its kit is built the next time it is opened.
UPDATE design_drafts
SET validation_state = 'valid',
    validation = jsonb_build_object('mesh', validation -> 'mesh')
WHERE mode = 'A'
  AND stage = 'model_ready'
  AND validation_state = 'invalid'
  AND block_kit_job_id IS NULL
  AND source_upload_id IS NOT NULL
  AND validation ? 'mesh'
  AND NOT validation ? 'error';
