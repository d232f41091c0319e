import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { procedoProject } from '../../vitest.shared';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server tests that run on PostgreSQL too: every test file that starts a test server and does
 * not import a SQLite module itself (the SQLite engine's own tests, and the few that test what only
 * SQLite has: its query plans, its file's faults), plus the PostgreSQL-only `*.pg.test.ts`. A test
 * that reads or changes a server's rows behind its back does it through testing/server-sql.ts,
 * which speaks to either engine.
 */
/**
 * An import of better-sqlite3 or of one of our SQLite modules (`db/sqlite`, `*.sqlite.ts`…), or a
 * `// SQLite only: <why>` line for a test of a helper that writes a SQLite file itself.
 */
const IMPORTS_SQLITE = /from '[^']*sqlite[^']*'|^\/\/ SQLite only: /m;

function engineNeutralServerTests(): string[] {
  const files = readdirSync(path.join(here, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.pg.test.ts'))
    .map((file) => path.join('src', file));
  return files.filter((file) => {
    const text = readFileSync(path.join(here, file), 'utf8');
    return /startTestServer|startSignedInServer/.test(text) && !IMPORTS_SQLITE.test(text);
  });
}

/**
 * The server's tests on PostgreSQL: a throwaway PostgreSQL server for the run
 * (test/pg-global-setup.ts), each test server in a database of its own (testing/harness.ts).
 */
export default procedoProject('mock-server-pg', {
  include: ['src/**/*.pg.test.ts', ...engineNeutralServerTests()],
  globalSetup: ['./test/pg-global-setup.ts'],
  env: { PROCEDO_TEST_ENGINE: 'postgres' },
  // A limit, not a speed check: parity tests compare whole seeded databases on a shared machine.
  testTimeout: 30_000,
});
