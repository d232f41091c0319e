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

/**
 * Every file a built entry loads, statically or by `import()`/`require`, that lies in the build;
 * with `{ onDemand: false }` only those it loads as it is loaded (not by `import()`).
 */
async function filesOf(entry: string, { onDemand = true } = {}): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const loads = onDemand
    ? /(?:from|import\(|require\()\s*["'](\.\/[^"']+)["']/g
    : /(?:from|\bimport|require\()\s*["'](\.\/[^"']+)["']/g;
  const visit = async (file: string) => {
    if (files.has(file)) return;
    const code = await readFile(path.join(outDir, file), 'utf8');
    files.set(file, code);
    for (const [, target] of code.matchAll(loads)) {
      await visit(path.normalize(target!));
    }
  };
  await visit(entry);
  return files;
}

// A text only the filter editor has, and one only the dashboard widgets have.
const FILTER_EDITOR_CODE = /Add condition/;
const DASHBOARD_CODE = /Loading the dashboard/;
// And one only the users administration has, and one only the form designer has.
const ADMIN_CODE = /Some fields need a change/;
// The developer bar's (its class and its English) and the translation prompt's (its form's class).
const DEVELOPER_CODE = /procedo-DeveloperBar|No form on this page/;
const TRANSLATION_PROMPT_CODE = /procedo-TranslationPrompt/;
const DESIGNER_CODE = /Another designer published version/;
// The column-list selector's class.
const COLUMN_LIST_CODE = /procedo-ColumnListSelector/;
// The picker's ComboBox (its popup's class, react-aria's ComboBox state), loaded on first focus.
const PICKER_COMBOBOX_CODE = /procedo-PickerField-popup|ComboBoxStateContext/;

describe('the on-demand entries', () => {
  it('the main entry (ESM and CJS) loads neither the chart library, the charts entry, the dashboard, the filter editor, the users administration, the developer bar, the translation prompt, the form designer nor the column-list selector', async () => {
    for (const entry of ['index.js', 'index.cjs']) {
      for (const [file, code] of await filesOf(entry)) {
        expect(code, `${entry} → ${file}`).not.toMatch(/@visx\/|d3-scale|@procedo\/forms-react\/charts/);
        expect(code, `${entry} → ${file}`).not.toMatch(FILTER_EDITOR_CODE);
        expect(code, `${entry} → ${file}`).not.toMatch(DASHBOARD_CODE);
        expect(code, `${entry} → ${file}`).not.toMatch(ADMIN_CODE);
        expect(code, `${entry} → ${file}`).not.toMatch(DEVELOPER_CODE);
        expect(code, `${entry} → ${file}`).not.toMatch(TRANSLATION_PROMPT_CODE);
        expect(code, `${entry} → ${file}`).not.toMatch(DESIGNER_CODE);
        expect(code, `${entry} → ${file}`).not.toMatch(COLUMN_LIST_CODE);
      }
    }
  });

  it("the main entry (ESM and CJS) loads the picker's ComboBox only by import(), a chunk of its own", async () => {
    for (const format of ['js', 'cjs']) {
      const entry = `index.${format}`;
      for (const [file, code] of await filesOf(entry, { onDemand: false })) {
        expect(code, `${entry} → ${file}`).not.toMatch(PICKER_COMBOBOX_CODE);
      }
      const withComboBox = [...(await filesOf(entry))].filter(([, code]) => PICKER_COMBOBOX_CODE.test(code));
      expect(
        withComboBox.map(([file]) => file),
        entry,
      ).toEqual([expect.stringMatching(new RegExp(`^PickerComboBox-\\w+\\.${format}$`))]);
    }
  });

  it('the dashboard entry has the widgets and loads the charts entry by name, not the chart library', async () => {
    for (const entry of ['dashboard.js', 'dashboard.cjs']) {
      const files = await filesOf(entry);
      for (const [file, code] of files) expect(code, `${entry} → ${file}`).not.toMatch(/@visx\/|d3-scale/);
      expect([...files.values()].join('\n')).toMatch(DASHBOARD_CODE);
      expect(files.get(entry)).toContain('@procedo/forms-react/charts');
    }
  });

  it('the filter editor entry has the editor', async () => {
    for (const entry of ['filter-editor.js', 'filter-editor.cjs']) {
      expect([...(await filesOf(entry)).values()].join('\n')).toMatch(FILTER_EDITOR_CODE);
    }
  });

  it('the admin entry has the users administration', async () => {
    for (const entry of ['admin.js', 'admin.cjs']) {
      expect([...(await filesOf(entry)).values()].join('\n')).toMatch(ADMIN_CODE);
    }
  });

  it('the developer entry has the developer bar, and the translation entry the translation prompt', async () => {
    for (const format of ['js', 'cjs']) {
      expect([...(await filesOf(`developer.${format}`)).values()].join('\n')).toMatch(DEVELOPER_CODE);
      expect([...(await filesOf(`translation.${format}`)).values()].join('\n')).toMatch(
        TRANSLATION_PROMPT_CODE,
      );
    }
  });

  it('the column-list entry has the column-list selector', async () => {
    for (const entry of ['column-list.js', 'column-list.cjs']) {
      expect([...(await filesOf(entry)).values()].join('\n')).toMatch(COLUMN_LIST_CODE);
    }
  });

  it('the designer entry has the form designer, and the main entry carries none of it', async () => {
    for (const entry of ['designer.js', 'designer.cjs']) {
      expect([...(await filesOf(entry)).values()].join('\n')).toMatch(DESIGNER_CODE);
    }
  });

  it('the charts entry draws with the chart library', async () => {
    expect(await readFile(path.join(outDir, 'charts.js'), 'utf8')).toContain('@visx/axis');
    expect(await readFile(path.join(outDir, 'charts.cjs'), 'utf8')).toContain('@visx/axis');
  });
});
