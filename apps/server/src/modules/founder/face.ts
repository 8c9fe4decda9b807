/** The founder module's face: the founder's dashboard, and the first day it recorded (beta reads it). */
import type { ModuleFace } from '../../platform/module';
import { founderRoutes } from './routes';
import { createFounderService, type FounderService } from './service';

export type FounderApi = Pick<FounderService, 'firstRecordedDay'>;

export function founderFace(deps: Parameters<typeof createFounderService>[0]): ModuleFace<FounderApi> {
  const founder = createFounderService(deps);
  return { name: 'founder', api: founder, routes: ({ app }) => app.register(founderRoutes, { founder }) };
}
