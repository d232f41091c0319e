import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseCatalog } from '../db/catalog';
import { startTestServer, type TestServer } from '../testing/harness';
import { healthRoutes } from './health-routes';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('health and readiness', () => {
  it('answers /health and /ready without a session once every database answers', async () => {
    server = await startTestServer();
    const health = await fetch(new URL('health', server.url));
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ Status: 'ok' });
    const ready = await fetch(new URL('ready', server.url));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ Status: 'ready' });
  });

  it('answers /ready 503 with Retry-After while a database does not answer, or once the server is closing', async () => {
    let closing = false;
    let down = true;
    const catalog = {
      ping: async () => {
        if (down) throw new Error('connection refused');
      },
    } as unknown as DatabaseCatalog;
    const app = express().use(
      healthRoutes({ catalog, logger: pino({ level: 'silent' }), closing: () => closing }),
    );
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`;
    try {
      const unavailable = await fetch(`${url}ready`);
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers.get('retry-after')).toBe('1');
      expect(await unavailable.json()).toEqual({ Status: 'unavailable' });
      expect((await fetch(`${url}health`)).status).toBe(200);
      down = false;
      expect((await fetch(`${url}ready`)).status).toBe(200);
      closing = true;
      const closed = await fetch(`${url}ready`);
      expect(closed.status).toBe(503);
      expect(await closed.json()).toEqual({ Status: 'closing' });
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
