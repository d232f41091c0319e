// @vitest-environment node
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';

const packageDir = path.resolve(import.meta.dirname, '..');

/** Every module of this package that `entry` loads (its sources, as tsup bundles them). */
async function modulesOf(entry: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@procedo/source'],
    external: ['#xml-engine', ...Object.keys(packageJson.dependencies).map((name) => `${name}*`)],
    outdir: 'out',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

/** The designers' modules: their resources, schemas and rules, and the navigation tree's schema. */
const isDesignerModule = (file: string) =>
  /^src\/(designer\/|v1\/designer|v1\/navigation-schemas)/.test(file);

describe('the designer entry', () => {
  it('is exported as ./designer, in the shape of ./locales/de', () => {
    const shape = (file: string) => ({
      '@procedo/source': `./src/${file}.ts`,
      import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
      require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
    });
    expect(packageJson.exports['./designer']).toEqual(shape('designer'));
    expect(packageJson.exports['./locales/de']).toEqual(shape('locales/de'));
  });

  it('the main entry loads none of the designers’ modules; the designer entry loads them all', async () => {
    const main = await modulesOf('src/index.ts');
    expect(main.filter(isDesignerModule)).toEqual([]);
    // A form's datasource (the search grid's column-list selector) stays in the main entry.
    expect(main).toContain('src/v1/form-datasource.ts');
    const designer = (await modulesOf('src/designer.ts')).filter(isDesignerModule);
    expect(designer.sort()).toEqual([
      'src/designer/check.ts',
      'src/designer/command-diff.ts',
      'src/designer/diff.ts',
      'src/designer/navigation.ts',
      'src/v1/designer-changes.ts',
      'src/v1/designer-client.ts',
      'src/v1/designer-commands.ts',
      'src/v1/designer-datasources.ts',
      'src/v1/designer-filters.ts',
      'src/v1/designer-navigation.ts',
      'src/v1/designer-versions.ts',
      'src/v1/designer.ts',
      'src/v1/navigation-schemas.ts',
    ]);
  });
});
