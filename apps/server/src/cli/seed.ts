/** npm run seed: add the demo accounts and, on an empty database, the demo gallery (idempotent). */
import { buildApp } from '../app';
import { seedDemoData } from '../seed/demo';
import { seedGallery } from '../seed/gallery';
import { runCommand } from './command';

await runCommand('seed', async (ctx) => {
  await seedDemoData(ctx.database.db, ctx.logger);
  const { app, createRunner } = await buildApp({ ...ctx });
  try {
    const made = await seedGallery({ app, db: ctx.database.db, createRunner }, ctx.logger, (done, total) =>
      process.stdout.write(done === total ? `${total}\n` : '.'),
    );
    process.stdout.write(
      made > 0 ? `Demo data is in place: ${made} designs published.\n` : 'Demo data is in place.\n',
    );
  } finally {
    await app.close();
  }
  return 0;
});
