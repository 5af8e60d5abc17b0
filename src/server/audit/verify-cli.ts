import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { verifyAuditChain } from './audit';

/** `npm run audit:verify`: checks the audit log's hash chain and names the first bad entry. */
const config = loadConfig(process.env);
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const result = await verifyAuditChain(db);
await db.destroy();
if (result.ok) console.log(`Audit log OK: ${result.checked} entries verified.`);
else {
  console.error(`Audit log BROKEN: entry ${result.firstBadId} does not match the chain (${result.checked} entries).`);
  process.exitCode = 1;
}
