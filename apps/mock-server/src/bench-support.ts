/**
 * What the benchmarks need beside the running server: direct access to a database, to write long
 * record histories (`bench/records-bench.mjs`) and many stored processes
 * (`bench/process-bench.mjs`) quickly. Not used by the server itself.
 */

export { openSqlite } from './db/sqlite';
export { bulkInsertProcesses } from './features/processes/processes-store';
export { indexFields } from './features/records/entities';
export { createSqliteRecordStore } from './features/records/records-store.sqlite';
