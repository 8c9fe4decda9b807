/** The translation job: translates a listing's stale fields (see TranslationsService.translateListing). */
import { JobError, type JobHandler } from '../../platform/jobs';
import type { TranslationsService } from './service';

export function createTranslationJobHandler(translations: TranslationsService): JobHandler {
  return {
    type: 'translation',
    async run(ctx) {
      const payload = ctx.job.payload as { resource_type: string; resource_id: string };
      if (payload.resource_type !== 'listing')
        throw new JobError('UNSUPPORTED_RESOURCE', 'Nothing to translate.', false);
      return ctx.step('translate', () => translations.translateListing(payload.resource_id));
    },
  };
}
