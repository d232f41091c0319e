import { procedoProject } from '../../vitest.shared';

/**
 * The server's tests on PostgreSQL: a throwaway PostgreSQL server for the run (test/pg-global-setup.ts),
 * each test server in a database of its own. `*.pg.test.ts` run here only.
 */
export default procedoProject('mock-server-pg', {
  include: ['src/**/*.pg.test.ts'],
  globalSetup: ['./test/pg-global-setup.ts'],
  env: { PROCEDO_TEST_ENGINE: 'postgres' },
});
