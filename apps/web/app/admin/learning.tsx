/** /admin/learning: the learning review — feedback and sessions by theme (founder). */
export { LearningScreen as default } from '../../src/features/ops/learning-screen';
