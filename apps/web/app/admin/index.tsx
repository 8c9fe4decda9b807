/** /admin: staff and founder tools (others see "not allowed"), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/admin/admin-home-screen').then((m) => ({ default: m.AdminHomeScreen })),
);
