// `npm run seed:large`: creates the `large` demo (issue 13) in a new data folder — the usual seed
// plus batches up to 1,000,000 in the `demo` database — printing progress, then stops. Serve it
// afterwards with `npm start` on the same PROCEDO_DATA_DIR. The same as starting a new folder with
// PROCEDO_DEMO_LARGE=1 (see README). Env: PROCEDO_DATA_DIR (default ./data).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { buildAll, checkNode, ensureInstalled, root } from './lib.mjs';

checkNode();
const dataDir = path.resolve(process.env.PROCEDO_DATA_DIR || './data');
const demo = path.join(dataDir, 'demo.sqlite');
if (existsSync(demo)) {
  console.error(
    `${demo} exists already: the large demo seeds a new database only.\n` +
      'Run again with PROCEDO_DATA_DIR set to a new folder, or move that folder away.',
  );
  process.exit(1);
}
await ensureInstalled();
const buildCode = await buildAll();
if (buildCode !== 0) {
  console.error('Build failed: see the errors above.');
  process.exit(buildCode);
}

// The server's log lines about the seeding, as plain progress lines.
const progress = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      const entry = JSON.parse(line);
      if (!String(entry.msg).startsWith('large demo')) continue;
      if (entry.written !== undefined)
        console.log(`  ${entry.written.toLocaleString('en')} / ${entry.total.toLocaleString('en')} batches`);
      else if (entry.seconds !== undefined)
        console.log(`Added ${entry.added.toLocaleString('en')} batches in ${entry.seconds} s.`);
      else
        console.log(
          `Seeding the large demo into ${demo} (batches up to ${entry.target.toLocaleString('en')})…`,
        );
    }
    done();
  },
});

const { startServer } = await import(pathToFileURL(path.join(root, 'apps/mock-server/dist/server.js')).href);
const started = performance.now();
const server = await startServer({
  port: 0,
  dataDir,
  staticDir: null,
  logLevel: 'info',
  logDestination: progress,
  demoLarge: true,
});
await server.close();
console.log(
  `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Serve it with: PROCEDO_DATA_DIR=${dataDir} npm start`,
);
