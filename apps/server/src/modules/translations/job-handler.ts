/** The translation job: translates a listing's stale fields (see TranslationsService.translateListing). */
import Type from 'typebox';
import { defineJob, JobError, jobSpec } from '../../platform/jobs';
import type { TranslationsService } from './service';

/** Queued whenever a listing's source text changes (TranslationsService.syncListing). */
export const translationJob = jobSpec({
  type: 'translation',
  payload: Type.Object({ resource_type: Type.String(), resource_id: Type.String() }),
  result: Type.Object({ languages: Type.Array(Type.String()), fields: Type.Integer() }),
  steps: ['translate'],
});

export function createTranslationJobHandler(translations: TranslationsService) {
  return defineJob(translationJob, {
    async run(ctx) {
      const { resource_type, resource_id } = ctx.payload;
      if (resource_type !== 'listing')
        throw new JobError('UNSUPPORTED_RESOURCE', 'Nothing to translate.', false);
      return ctx.step('translate', () => translations.translateListing(resource_id));
    },
  });
}
