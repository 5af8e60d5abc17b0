// Creates a new PGlite database cluster in the folder given as the first argument, then exits.
// Run as its own short-lived process by connect.ts on first start (like PostgreSQL's own initdb
// program): PGlite's initdb runs two extra WebAssembly instances whose few hundred MB the server
// process would otherwise keep for its whole life. The second argument is the JSON list of
// PostgreSQL start parameters.
import { PGlite } from '@electric-sql/pglite';

const [dataDir, params] = process.argv.slice(2);
const db = await PGlite.create(dataDir, { startParams: JSON.parse(params) });
await db.close();
