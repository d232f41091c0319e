import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * react-aria's translated strings we ship (docs/ARCHITECTURE.md): Procedo's UI is English and
 * react-aria's only English table is en-US; en-GB and every other locale fall back to it, while
 * dates and numbers still follow the user's locale through `Intl`. Drops ~37 KB minified.
 */
const SHIPPED_LOCALES = ['en-US'];

/**
 * The libraries every page shares, in one long-cached chunk whatever page loads first
 * (docs/ARCHITECTURE.md, Host bundle): React and the router (the logon page too). react-aria is not
 * grouped: its modules follow the pages and the parts loaded on demand that use them (the picker's
 * combobox, the developer bar's menus, the designers' trees), so a page fetches only the react-aria
 * code it runs. Everything else follows the route split.
 */
const VENDOR_CHUNKS = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 2,
  },
];

/**
 * The entry (src/main.tsx) starts a page's first reads and then loads the app with `import()`
 * (src/boot.tsx), so React and the app are not evaluated before those reads leave. Their code is
 * still fetched from the start: this adds `<link rel="modulepreload">` for the boot chunk and its
 * static imports to index.html, as Vite does for the entry's own static imports.
 */
function preloadBoot(bootModule: string): Plugin {
  return {
    name: 'procedo:preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(bootModule));
        if (!boot) throw new Error(`preload-boot: no chunk for ${bootModule}`);
        const entry = chunks.find((chunk) => chunk.isEntry);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(boot.fileName);
        // The entry and its own static imports are preloaded by Vite already.
        for (const file of [entry?.fileName, ...(entry?.imports ?? [])]) if (file) files.delete(file);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const apiTarget = process.env.PROCEDO_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [optimizeLocales.vite({ locales: SHIPPED_LOCALES }), react(), preloadBoot('/src/boot.tsx')],
  // `resolve.conditions` replaces Vite's defaults, so keep them after our source condition.
  resolve: { conditions: ['@procedo/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest names every chunk by its source module (bench/host-bundle.mjs, e2e/responsive).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/callback': apiTarget },
  },
});
