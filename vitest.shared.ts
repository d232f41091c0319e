import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

/** Project config shared by the workspace: tests resolve our own packages to their sources. */
export function procedoProject(
  name: string,
  options: {
    environment?: 'node' | 'jsdom';
    setupFiles?: string[];
    /** @default the `src` and `test` test files */
    include?: string[];
    exclude?: string[];
    globalSetup?: string[];
    env?: Record<string, string>;
    /** A limit, not a speed check. @default 5000 (20000 in jsdom) */
    testTimeout?: number;
  } = {},
) {
  return defineProject({
    resolve: { conditions: ['@procedo/source', ...defaultClientConditions] },
    ssr: { resolve: { conditions: ['@procedo/source', ...defaultServerConditions] } },
    test: {
      name,
      environment: options.environment ?? 'node',
      include: options.include ?? ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      ...(options.exclude ? { exclude: ['**/node_modules/**', ...options.exclude] } : {}),
      ...(options.globalSetup ? { globalSetup: options.globalSetup } : {}),
      ...(options.env ? { env: options.env } : {}),
      setupFiles: options.setupFiles ?? [],
      restoreMocks: true,
      // jsdom tests type with user-event: on a busy 2-core machine one can take several seconds,
      // and a timed-out test keeps typing into the next test's DOM. A limit, not a speed check.
      ...(options.environment === 'jsdom' ? { testTimeout: 20_000 } : {}),
      ...(options.testTimeout ? { testTimeout: options.testTimeout } : {}),
      // beforeAll/afterAll start and stop real servers (a PostgreSQL database each on that engine):
      // on a loaded 2-core machine that can pass vitest's 10 s default. A limit, not a speed check.
      hookTimeout: 30_000,
    },
  });
}
