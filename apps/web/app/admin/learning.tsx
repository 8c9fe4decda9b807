/** /admin/learning: the learning review — feedback and sessions by theme (founder), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/ops/learning-screen').then((m) => ({ default: m.LearningScreen })),
);
