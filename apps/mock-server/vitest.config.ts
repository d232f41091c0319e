import { procedoProject } from '../../vitest.shared';

/** The server's tests on SQLite; `*.pg.test.ts` need PostgreSQL and run in vitest.pg.config.ts. */
// Server tests start real servers and run property tests against them: on a busy 2-core machine
// (both engines' suites share it in npm test) one can take several seconds. A limit, not a speed check.
export default procedoProject('mock-server', { exclude: ['src/**/*.pg.test.ts'], testTimeout: 30_000 });
