import { libraryConfig } from '../../tsup.shared';

// The XML engines are entries of their own, and `#xml-engine` stays an import in dist/index.*:
// package.json `imports` picks the DOMParser engine under the `browser` condition, so an app's
// bundler leaves fast-xml-parser out, and fast-xml-parser elsewhere.
export default {
  ...libraryConfig({ entry: [] }),
  entry: {
    index: 'src/index.ts',
    // The German messages, loaded on demand: English-only apps never ship them.
    'locales/de': 'src/locales/de.ts',
    // The designers' resources and schemas, loaded only by the designers' pages.
    designer: 'src/designer.ts',
    'xml-engine.dom': 'src/callback/xml-engine.dom.ts',
    'xml-engine.node': 'src/callback/xml-engine.node.ts',
  },
  external: ['#xml-engine'],
  // Declarations of the public entries only; client-api imports no sibling package, so its own
  // source condition resolves `#xml-engine` for the type check.
  dts: {
    entry: { index: 'src/index.ts', 'locales/de': 'src/locales/de.ts', designer: 'src/designer.ts' },
    compilerOptions: { customConditions: ['@procedo/source'] },
  },
};
