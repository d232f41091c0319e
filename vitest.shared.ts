import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

/** Project config shared by the workspace: tests resolve our own packages to their sources. */
export function procedoProject(
  name: string,
  options: { environment?: 'node' | 'jsdom'; setupFiles?: string[] } = {},
) {
  return defineProject({
    resolve: { conditions: ['@procedo/source', ...defaultClientConditions] },
    ssr: { resolve: { conditions: ['@procedo/source', ...defaultServerConditions] } },
    test: {
      name,
      environment: options.environment ?? 'node',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      setupFiles: options.setupFiles ?? [],
      restoreMocks: true,
    },
  });
}
