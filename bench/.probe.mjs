import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './form-render/harness.mjs';
import { loadBuiltServer } from './mock-server-dist.mjs';
const hostDist = path.resolve('apps/reference-host/dist');
const { startServer } = await loadBuiltServer();
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: await mkdtemp(path.join(os.tmpdir(), 'probe-')), staticDir: hostDist, logLevel: 'silent' });
const origin = server.url.replace(/\/+$/, '');
const browser = await launchChromium();
const width = Number(process.env.W ?? 390);
const context = await browser.newContext({ baseURL: origin, viewport: { width, height: 844 } });
await context.request.post('/api/v1/session/logon', { data: { Database: 'demo', UserName: 'supervisor', Password: 'demo' }, headers: { Origin: origin } });
const page = await context.newPage();
for (const url of (process.env.URLS ?? '/,/form?WebTemplateNo=102&UGoToItemNo=1,/form?WebTemplateNo=111&WFRun_AutoRun=1').split(',')) {
  await page.goto(url); await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
  if (process.env.DBG) console.log(await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => { const b = e.getBoundingClientRect(); return `${e.tagName}.${e.className} x=${Math.round(b.x)} w=${Math.round(b.width)}`; }), process.env.DBG));
  const r = await page.evaluate(() => {
    const vw = innerWidth; const out = [];
    for (const el of document.querySelectorAll('body *')) { const b = el.getBoundingClientRect(); if (b.right > vw + 1 && b.width > 0) out.push(`${el.tagName}.${el.className}`.slice(0, 80) + ` r=${Math.round(b.right)}`); }
    return { sw: document.documentElement.scrollWidth, vw, over: out.slice(0, 12) };
  });
  console.log(url, JSON.stringify(r, null, 1));
  await page.screenshot({ path: `/tmp/fast/${width}-${url.replace(/[^a-z0-9]/gi, '_')}.png` });
}
await browser.close(); await server.close();
