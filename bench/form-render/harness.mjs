// Shared by bench/form-bench.mjs and bench/form-render/profile.mjs: build the pages, serve them
// on port 0, drive Debian Chromium (launch options as in e2e/harness.ts; never a downloaded browser).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';

export const appDir = path.dirname(fileURLToPath(import.meta.url));
export const distDir = path.join(appDir, 'dist');
export const CHROMIUM = process.env.PROCEDO_CHROMIUM ?? '/usr/bin/chromium';

/** Stops with a clear message when Chromium is missing. */
export function requireChromium() {
  if (existsSync(CHROMIUM)) return;
  console.error(
    `The form benchmark needs Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium), or PROCEDO_CHROMIUM set.`,
  );
  process.exit(2);
}

/** Builds the pages with Vite into `outDir` (unminified with source maps for profiling). */
export async function buildPages({ outDir = distDir, minify = true, sourcemap = false } = {}) {
  await build({
    configFile: path.join(appDir, 'vite.config.mjs'),
    logLevel: 'error',
    build: { outDir, minify, sourcemap },
  });
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** Serves `dir` on 127.0.0.1, port 0. */
export async function serveDir(dir) {
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Launches headless Debian Chromium. */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens one page (`procedo`, `plain`, `rhf`) in a fresh context and waits for its `window.__bench` report. */
export async function openForm(browser, origin, impl, { beforeLoad } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (beforeLoad) await beforeLoad(cdp);
  await page.goto(`${origin}/${impl}.html`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 30_000 });
  const report = await page.evaluate(() => window.__bench);
  if (errors.length > 0) {
    await context.close();
    throw new Error(`${impl}: page errors: ${errors.join('; ')}`);
  }
  return { context, page, cdp, report };
}
