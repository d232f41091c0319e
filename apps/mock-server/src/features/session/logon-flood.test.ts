import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

// Anonymous logon floods against the real server (issue 11, item 4): every logon costs a scrypt
// hash, a made-up user name included, so a flood must be cut per address and the hashing queue
// must stay bounded.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Answer {
  status: number;
  code: string | undefined;
  retryAfter: string | undefined;
}

/** POST session/logon from a given local address (loopback answers on all of 127/8). */
function logon(userName: string, password: string, from = '127.0.0.1'): Promise<Answer> {
  const url = new URL('api/v1/session/logon', server!.url);
  const body = JSON.stringify({ Database: 'demo', UserName: userName, Password: password });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const parsed = text.startsWith('{') ? (JSON.parse(text) as { Code?: string }) : {};
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, code: parsed.Code, retryAfter });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let names = 0;
const unknownName = () => `nobody-${++names}`;

describe('logon floods', () => {
  // The documented default of 50 failures per address: 50 scrypt hashes, several seconds on a busy machine.
  it('answers 429 RATE_LIMITED to an address after 50 failed logons with made-up names, while another address signs in', {
    timeout: 60_000,
  }, async () => {
    server = await startTestServer();
    // In batches of 4: the logons one address may have in progress by default.
    for (let sent = 0; sent < 50; sent += 4) {
      const batch = Array.from({ length: Math.min(4, 50 - sent) }, () => logon(unknownName(), 'guess'));
      expect((await Promise.all(batch)).every((a) => a.status === 401)).toBe(true);
    }
    const limited = await logon(unknownName(), 'guess');
    expect({ status: limited.status, code: limited.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    // The whole address is limited, a real account's right password included…
    expect((await logon('supervisor', 'demo')).status).toBe(429);
    // …but not another address.
    expect((await logon('supervisor', 'demo', '127.0.0.2')).status).toBe(200);
    expect((await logon(unknownName(), 'guess', '127.0.0.2')).status).toBe(401);
  });

  it('answers 503 SERVER_BUSY with Retry-After at once when the logon queue is full, and recovers', async () => {
    server = await startTestServer({ logonHashLimit: { concurrency: 1, queue: 1, perAddress: 100 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => logon(unknownName(), 'guess')));
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(2);
    for (const answer of busy) expect(answer).toEqual({ status: 503, code: 'SERVER_BUSY', retryAfter: '1' });
    // Nothing is left holding a slot: a real logon goes through.
    expect((await logon('supervisor', 'demo')).status).toBe(200);
  });

  it('lets one address hold only its share of the logon queue, so another address still signs in', async () => {
    server = await startTestServer({ logonHashLimit: { concurrency: 1, queue: 4, perAddress: 2 } });
    const flood = Promise.all(Array.from({ length: 12 }, () => logon(unknownName(), 'guess', '127.0.0.2')));
    const real = await logon('supervisor', 'demo', '127.0.0.1');
    const answers = await flood;
    expect(real.status).toBe(200);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status === 503)) expect(answer.code).toBe('SERVER_BUSY');
  });

  it('lets an address someone signed in from pass a logon queue that a flood from many addresses keeps full', async () => {
    server = await startTestServer({
      logonHashLimit: { concurrency: 1, queue: 2, perAddress: 100 },
      logonIpRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    expect((await logon('supervisor', 'demo', '127.0.0.1')).status).toBe(200);
    let stop = false;
    let busy = 0;
    const flooders = Array.from({ length: 10 }, async (_, i) => {
      while (!stop) {
        const answer = await logon(unknownName(), 'guess', `127.0.0.${i + 2}`);
        if (answer.status === 503) busy++;
      }
    });
    // Until the flood has filled the normal line once (a bounded wait; the assertions below say whether it did).
    for (let i = 0; i < 400 && busy === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const real = await logon('supervisor', 'demo', '127.0.0.1');
    stop = true;
    await Promise.all(flooders);
    expect(real.status).toBe(200);
    // A new address waits in the full line like everyone else.
    expect(busy).toBeGreaterThan(0);
  });

  it('answers an unknown user name and a wrong password alike, both through the same limits', async () => {
    server = await startTestServer({ logonHashLimit: { concurrency: 1, queue: 0, perAddress: 1 } });
    const unknown = await logon(unknownName(), 'guess');
    const wrong = await logon('operator', 'guess');
    expect(unknown).toEqual({ status: 401, code: 'INVALID_CREDENTIALS', retryAfter: undefined });
    expect(wrong).toEqual(unknown);
  });
});
