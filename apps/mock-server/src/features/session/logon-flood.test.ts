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
  it('answers 429 RATE_LIMITED to an address after 50 failed logons with made-up names, while another address signs in', async () => {
    server = await startTestServer();
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => logon(unknownName(), 'guess')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
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
    server = await startTestServer({ logonHashLimit: { concurrency: 1, queue: 1 } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => logon(unknownName(), 'guess')));
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(2);
    for (const answer of busy) expect(answer).toEqual({ status: 503, code: 'SERVER_BUSY', retryAfter: '1' });
    // Nothing is left holding a slot: a real logon goes through.
    expect((await logon('supervisor', 'demo')).status).toBe(200);
  });

  it('answers an unknown user name and a wrong password alike, both through the same limits', async () => {
    server = await startTestServer({ logonHashLimit: { concurrency: 1, queue: 0 } });
    const unknown = await logon(unknownName(), 'guess');
    const wrong = await logon('operator', 'guess');
    expect(unknown).toEqual({ status: 401, code: 'INVALID_CREDENTIALS', retryAfter: undefined });
    expect(wrong).toEqual(unknown);
  });
});
