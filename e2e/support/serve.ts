/**
 * The server the browser tests talk to: the real `npm start` entry point on a fresh embedded
 * database (a new data directory every run), with the demo data seeded and the web app built if
 * its sources changed.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '4390';
const dataDir = path.join(root, `test-results/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

Object.assign(process.env, {
  APP_ENV: 'local',
  PORT: port,
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every browser test signs people up from this one address.
  REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  // …and makes a visitor session per browser context.
  VISITOR_SESSIONS_PER_IP_PER_HOUR: '100000',
  RESERVATIONS_PER_IP_PER_HOUR: '100000',
  RESERVATIONS_PER_IP_PER_LISTING_PER_DAY: '100000',
});
delete process.env.DATABASE_URL; // the embedded database, like `npm start` on a fresh machine
await import('../../apps/server/src/main');
