// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json';
import config from '../tsup.config';

let outDir: string;
beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'procedo-forms-react-dist-'));
  // The package's own build, without declarations (slow, and not what is checked here).
  const packageDir = path.resolve(import.meta.dirname, '..');
  await build({
    ...config,
    entry: config.entry.map((entry) => path.join(packageDir, entry)),
    tsconfig: path.join(packageDir, 'tsconfig.json'),
    // As the package's build leaves them (tsup reads them from the working folder's package.json).
    external: [
      ...config.external,
      ...Object.keys(packageJson.dependencies),
      ...Object.keys(packageJson.peerDependencies),
      /^react(-dom)?\//,
    ],
    outDir,
    dts: false,
    sourcemap: false,
    onSuccess: undefined,
    silent: true,
    config: false,
  });
}, 120_000);
afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** Every file a built entry loads, statically or by `import()`/`require`, that lies in the build. */
async function filesOf(entry: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const visit = async (file: string) => {
    if (files.has(file)) return;
    const code = await readFile(path.join(outDir, file), 'utf8');
    files.set(file, code);
    for (const [, target] of code.matchAll(/(?:from|import\(|require\()\s*["'](\.\/[^"']+)["']/g)) {
      await visit(path.normalize(target!));
    }
  };
  await visit(entry);
  return files;
}

describe('the chart entry', () => {
  it('the main entry (ESM and CJS) never loads the chart library, only the charts entry by name', async () => {
    for (const entry of ['index.js', 'index.cjs']) {
      const files = await filesOf(entry);
      for (const [file, code] of files) expect(code, `${entry} → ${file}`).not.toMatch(/@visx\/|d3-scale/);
      expect(files.get(entry)).toContain('@procedo/forms-react/charts');
    }
  });

  it('the charts entry draws with the chart library', async () => {
    expect(await readFile(path.join(outDir, 'charts.js'), 'utf8')).toContain('@visx/axis');
    expect(await readFile(path.join(outDir, 'charts.cjs'), 'utf8')).toContain('@visx/axis');
  });
});
