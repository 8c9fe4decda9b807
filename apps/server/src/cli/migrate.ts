/** npm run migrate: apply pending migrations (start-up does the same). */
import { runCommand } from './command';

await runCommand('migrate', async () => {
  // openRuntime has already migrated; report the state.
  process.stdout.write('Database is up to date.\n');
  return 0;
});
