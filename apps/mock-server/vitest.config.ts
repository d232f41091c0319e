import { procedoProject } from '../../vitest.shared';

/** The server's tests on SQLite; `*.pg.test.ts` need PostgreSQL and run in vitest.pg.config.ts. */
export default procedoProject('mock-server', { exclude: ['src/**/*.pg.test.ts'] });
