// Entry of a mesher worker thread: load TypeScript through tsx, then the task runner.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
