// Entry of the image process: load TypeScript through tsx, then the task runner.
import { register } from 'tsx/esm/api';

register();
await import('./child.ts');
