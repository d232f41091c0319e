/**
 * What `bench/records-bench.mjs` needs beside the running server: direct access to a database's
 * record store, to write long histories quickly. Not used by the server itself.
 */

export { openSqlite } from './db/sqlite';
export { indexFields } from './features/records/entities';
export { createSqliteRecordStore } from './features/records/records-store';
