/**
 * What the benchmarks need beside the running server: direct access to a database, to write long
 * record histories (`bench/records-bench.mjs`) and many stored processes
 * (`bench/process-bench.mjs`) quickly, and the callback body reader with the client-api codec it
 * replaced, to time them side by side (`bench/hostile-bench.mjs`). Not used by the server itself.
 */

export { parseXml } from '@procedo/client-api';
export { openSqlite } from './db/sqlite';
export { parseCommandXml } from './features/callback/callback-xml';
export { bulkInsertProcesses } from './features/processes/processes-store';
export { indexFields } from './features/records/entities';
export { createSqliteRecordStore } from './features/records/records-store.sqlite';
