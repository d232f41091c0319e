import type { Options } from 'tsup';
import { libraryConfig } from '../../tsup.shared';

// `./charts` is its own entry, and the main entry loads it by its package name (kept external), so
// the chart library is in no file of the main entry in either format (test: chart-entry.test.ts).
const config: Options & { entry: string[]; external: string[] } = {
  ...(libraryConfig({ entry: ['src/index.ts', 'src/charts.ts'], styles: true }) as Options),
  entry: ['src/index.ts', 'src/charts.ts'],
  external: ['@procedo/forms-react/charts'],
};
export default config;
