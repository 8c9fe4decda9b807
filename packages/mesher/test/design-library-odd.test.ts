// The second half of the design library's build check (design-library.test.ts has the first).
import { describe } from 'vitest';
import { itBuildsEveryDesign } from './helpers/library-builds';

describe('the design library, odd places', () => {
  itBuildsEveryDesign(1);
});
