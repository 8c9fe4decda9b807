/** npm run audit:verify: check the audit hash chain and name the first broken entry. */
import { verifyAuditChain } from '../platform/audit';
import { runCommand } from './command';

await runCommand('audit:verify', async ({ database }) => {
  const result = await verifyAuditChain(database.db);
  if (result.ok) {
    process.stdout.write(`Audit chain intact: ${result.entries} entries verified.\n`);
    return 0;
  }
  const b = result.brokenAt;
  process.stdout.write(
    `Audit chain BROKEN at entry seq=${b?.seq} id=${b?.id}: ${b?.reason}. ${result.entries} entries before it verified.\n`,
  );
  return 2;
});
