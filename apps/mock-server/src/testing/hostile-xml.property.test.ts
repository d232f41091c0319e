import { CALLBACK_MAX_BYTES } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_XML_LIMITS } from '../features/callback/callback-xml-reader';
import { type DbWatch, watchServerDb } from './db-fingerprint';
import { readResponse, type SignedInServer, startSignedInServer } from './harness';

// Issue 15 item 7: malformed and hostile callback bodies against the real server. Every case is
// answered 4xx with the documented envelope (docs/protocol.md "Callback": Status ERROR and a
// Message), never 5xx, and leaves the database as it was.

let signedIn: SignedInServer;
let db: DbWatch;
beforeAll(async () => {
  signedIn = await startSignedInServer();
  db = await watchServerDb(signedIn.server);
});
afterAll(async () => {
  await db.close();
  await signedIn.server.close();
});

/** One hostile request and what docs/protocol.md says it gets (`undefined`: any 4xx ERROR). */
interface Case {
  body: string | Buffer;
  contentType?: string;
  status?: number;
  message?: string;
}

const INVALID = 'Invalid xml was found';
const FIELDS = '<CommandType>Web.Session</CommandType><CommandName>KeepAlive</CommandName>';
/** A KeepAlive with `inside` among its fields: refused whenever `inside` is. */
const keepAlive = (inside: string, attributes = '') => `<Command${attributes}>${FIELDS}${inside}</Command>`;
const invalid = (body: string | Buffer, contentType?: string): Case => ({
  body,
  contentType,
  status: 400,
  message: INVALID,
});

const RUNS = 150;
const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();

async function send(hostile: Case) {
  const response = await signedIn.supervisor.fetch('callback', {
    method: 'POST',
    headers: {
      'content-type': hostile.contentType ?? 'application/xml',
      'x-csrf-token': signedIn.supervisor.cookies.get('procedo_csrf') ?? '',
    },
    body: typeof hostile.body === 'string' ? hostile.body : new Uint8Array(hostile.body),
  });
  return readResponse(response);
}

/** Sends every case of `cases` and checks the answer and the database after each. */
async function refusesAll(cases: fc.Arbitrary<Case>, numRuns = RUNS) {
  const before = await db.full();
  await fc.assert(
    fc.asyncProperty(cases, async (hostile) => {
      // Taken per case: a change is blamed on the case that made it, shrinking included.
      const quickBefore = await db.quick();
      const answer = await send(hostile);
      expect(answer.http).toBeGreaterThanOrEqual(400);
      expect(answer.http).toBeLessThan(500);
      expect(answer.contentType).toMatch(/^application\/xml/);
      expect(answer.status).toBe('ERROR');
      expect(answer.message).toBeTruthy();
      if (hostile.status !== undefined) expect(answer.http).toBe(hostile.status);
      if (hostile.message !== undefined) expect(answer.message).toBe(hostile.message);
      expect(await db.quick()).toEqual(quickBefore);
    }),
    { numRuns },
  );
  expect(await db.full()).toEqual(before);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
}

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,8}$/);

describe('hostile callback XML, for any case of each kind', { timeout: 60_000 }, () => {
  it('refuses every DOCTYPE and entity declaration (billion laughs, external and parameter entities) as invalid xml', async () => {
    const laughs = fc.integer({ min: 1, max: 12 }).map((levels) => {
      let subset = '<!ENTITY l0 "lol">';
      for (let i = 1; i <= levels; i++) subset += `<!ENTITY l${i} "${`&l${i - 1};`.repeat(10)}">`;
      return `<!DOCTYPE Command [${subset}]>${keepAlive(`<Extra>&l${levels};</Extra>`)}`;
    });
    const external = fc
      .constantFrom('file:///etc/passwd', 'http://127.0.0.1:1/x', 'expect://id', '/dev/random')
      .chain((uri) =>
        fc.constantFrom(
          `<!DOCTYPE Command [<!ENTITY x SYSTEM "${uri}">]>${keepAlive('<Extra>&x;</Extra>')}`,
          `<!DOCTYPE Command SYSTEM "${uri}">${keepAlive('')}`,
          `<!DOCTYPE Command [<!ENTITY % p SYSTEM "${uri}"> %p;]>${keepAlive('')}`,
          `<!DOCTYPE Command PUBLIC "-//x//y" "${uri}">${keepAlive('')}`,
        ),
      );
    const placed = fc.tuple(name, fc.constantFrom('before', 'inside', 'after')).map(([entity, where]) => {
      const decl = `<!DOCTYPE Command [<!ENTITY ${entity} "KeepAlive">]>`;
      if (where === 'before') return `<?xml version="1.0"?>${decl}${keepAlive('')}`;
      if (where === 'inside') return keepAlive(`<!ENTITY ${entity} "x">`);
      return `${keepAlive('')}${decl}`;
    });
    // An entity nobody declared, where the command's own name is.
    const undeclared = name.map(
      (entity) =>
        `<Command><CommandType>Web.Session</CommandType><CommandName>&${entity};</CommandName></Command>`,
    );
    await refusesAll(fc.oneof(laughs, external, placed, undeclared).map((body) => invalid(body)));
  });

  it('refuses nesting past the depth cap as invalid xml, and nesting within it as a field holding elements', async () => {
    const { depth } = CALLBACK_XML_LIMITS;
    const nest = (n: number, tag: string) => `${`<${tag}>`.repeat(n)}x${`</${tag}>`.repeat(n)}`;
    const tooDeep = fc
      .tuple(fc.integer({ min: depth, max: 20_000 }), name)
      .map(([n, tag]) => invalid(keepAlive(nest(n, tag))));
    // The Command's depth is 1, a field 2: `depth - 2` more levels inside a field are within the cap.
    const withinCap = fc
      .integer({ min: 1, max: depth - 2 })
      .map((n): Case => ({ body: keepAlive(`<Extra>${nest(n, 'a')}</Extra>`), status: 400 }));
    const unclosed = fc.integer({ min: 1, max: 20_000 }).map((n) => invalid(keepAlive('<a>'.repeat(n))));
    await refusesAll(fc.oneof(tooDeep, withinCap, unclosed));
  });

  it('answers huge text 413 over the body limit and refuses it as an unknown field just under', async () => {
    const overhead = keepAlive('<Extra></Extra>').length;
    const under = fc.integer({ min: 0, max: 4096 }).map((slack): Case => {
      const text = 'x'.repeat(CALLBACK_MAX_BYTES - overhead - slack);
      return { body: keepAlive(`<Extra>${text}</Extra>`), status: 400, message: 'Unknown field Extra' };
    });
    const over = fc.integer({ min: 1, max: 64 * 1024 }).map(
      (extra): Case => ({
        body: keepAlive(`<Extra>${'y'.repeat(CALLBACK_MAX_BYTES - overhead + extra)}</Extra>`),
        status: 413,
        message: 'The callback body is larger than 1 MiB',
      }),
    );
    // A body over the limit in two-byte characters: the limit counts bytes, not characters.
    const overWide = fc.integer({ min: 1, max: 1024 }).map(
      (extra): Case => ({
        body: keepAlive(`<Extra>${'é'.repeat((CALLBACK_MAX_BYTES - overhead) / 2 + extra)}</Extra>`),
        status: 413,
      }),
    );
    await refusesAll(fc.oneof(under, over, overWide), 30);
  });

  it('decodes allowed character references (then refuses the unknown field) and refuses forbidden, huge or malformed ones as invalid xml', async () => {
    const allowed = fc
      .oneof(
        fc.integer({ min: 0x20, max: 0xd7ff }),
        fc.integer({ min: 0xe000, max: 0xfffd }),
        fc.integer({ min: 0x10000, max: 0x10ffff }),
        fc.constantFrom(0x9, 0xa, 0xd),
      )
      .chain((code) =>
        fc.constantFrom(
          `&#${code};`,
          `&#x${code.toString(16)};`,
          `&#X${code.toString(16)};`.replace('&#X', '&#x'),
        ),
      )
      .map(
        (ref): Case => ({
          body: keepAlive(`<Extra>${ref}</Extra>`),
          status: 400,
          message: 'Unknown field Extra',
        }),
      );
    const forbiddenCode = fc.oneof(
      fc.integer({ min: 0, max: 0x8 }),
      fc.constantFrom(0xb, 0xc, 0xfffe, 0xffff),
      fc.integer({ min: 0xe, max: 0x1f }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0x110000, max: 0x7fffffff }),
    );
    const forbidden = forbiddenCode.chain((code) =>
      fc.constantFrom(`&#${code};`, `&#x${code.toString(16)};`),
    );
    const huge = fc
      .stringMatching(/^[1-9][0-9]{7,40}$/)
      .chain((digits) =>
        fc.constantFrom(`&#${digits};`, `&#x${digits};`, `&#x${'f'.repeat(digits.length)};`),
      );
    const malformed = fc.constantFrom(
      '&#;',
      '&#x;',
      '&#-65;',
      '&#+65;',
      '&#1e3;',
      '&#65',
      '&#x41',
      '&# 65;',
      '&#0x41;',
      '&#xg;',
      '&;',
      '&',
    );
    const refused = fc
      .tuple(fc.oneof(forbidden, huge, malformed), fc.constantFrom('text', 'attribute', 'name'))
      .map(([ref, where]) => {
        if (where === 'attribute') return invalid(keepAlive('', ` a="${ref}"`));
        if (where === 'name')
          return invalid(
            `<Command><CommandType>Web.Session</CommandType><CommandName>Keep${ref}Alive</CommandName></Command>`,
          );
        return invalid(keepAlive(`<Extra>${ref}</Extra>`));
      });
    await refusesAll(fc.oneof(allowed, refused), 300);
  });

  it('refuses __proto__, constructor and prototype as element, attribute or Param names', async () => {
    const reserved = fc.constantFrom('__proto__', 'constructor', 'prototype');
    const asName = fc
      .tuple(reserved, fc.constantFrom('root', 'field', 'nested', 'attribute', 'field-attribute'))
      .map(([word, where]) => {
        switch (where) {
          case 'root':
            return invalid(`<${word}>${FIELDS}</${word}>`);
          case 'field':
            return invalid(keepAlive(`<${word}>polluted</${word}>`));
          case 'nested':
            return invalid(keepAlive(`<Extra><${word}><polluted>1</polluted></${word}></Extra>`));
          case 'attribute':
            return invalid(keepAlive('', ` ${word}="polluted"`));
          default:
            return invalid(keepAlive(`<Extra ${word}="polluted">x</Extra>`));
        }
      });
    const asParam = reserved.map(
      (word): Case => ({
        body: keepAlive(`<Params><Param Name="${word}">{"polluted":true}</Param></Params>`),
        status: 400,
        message: `Param '${word}' is not allowed`,
      }),
    );
    await refusesAll(fc.oneof(asName, asParam), 60);
  });

  it('refuses bodies in the wrong encoding: unsupported charsets 415, bytes of another encoding 400', async () => {
    const unsupported = fc
      .constantFrom('utf-7', 'x-unknown', 'ebcdic-cp-us', 'utf-32', 'ucs-4', '"><script>')
      .map(
        (charset): Case => ({
          body: keepAlive(''),
          contentType: `application/xml; charset=${charset}`,
          status: 415,
          message: 'The callback body has an unsupported encoding',
        }),
      );
    // UTF-16 bytes read as UTF-8 (or with no charset) hold NULs, which XML forbids.
    const utf16AsUtf8 = fc
      .tuple(fc.constantFrom('utf16le', 'ucs2'), fc.constantFrom('', '; charset=utf-8'), fc.boolean())
      .map(([encoding, charset, bom]) => {
        const bytes = Buffer.from(keepAlive(''), encoding as BufferEncoding);
        return invalid(
          bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), bytes]) : bytes,
          `application/xml${charset}`,
        );
      });
    // UTF-8 bytes read as UTF-16: a document of CJK characters, not markup.
    const utf8AsUtf16 = fc
      .constantFrom('utf-16le', 'utf-16be', 'utf-16')
      .map((charset) => invalid(Buffer.from(keepAlive(''), 'utf8'), `text/xml; charset=${charset}`));
    // Bytes that are not UTF-8 in the command's name: read as U+FFFD, never as another command.
    const notUtf8 = fc
      .uint8Array({ minLength: 1, maxLength: 8 })
      .map((raw) => Buffer.from(raw.map((b) => 0x80 | b)))
      .map(
        (bytes): Case => ({
          body: Buffer.concat([
            Buffer.from('<Command><CommandType>Web.Session</CommandType><CommandName>Keep'),
            bytes,
            Buffer.from('Alive</CommandName></Command>'),
          ]),
          status: 400,
        }),
      );
    // A declared encoding is not how the body is read (the Content-Type charset is, RFC 7303): a
    // UTF-7 `+ADw-` stays text, so the command name is unknown.
    const declared = fc.constantFrom('UTF-7', 'UTF-16', 'ISO-8859-1', 'EBCDIC', 'x-unknown').map(
      (encoding): Case => ({
        body: `<?xml version="1.0" encoding="${encoding}"?><Command><CommandType>Web.Session</CommandType><CommandName>+ADw-KeepAlive</CommandName></Command>`,
        status: 400,
        message: "Unknown CommandName '+ADw-KeepAlive' for CommandType Web.Session",
      }),
    );
    await refusesAll(fc.oneof(unsupported, utf16AsUtf8, utf8AsUtf16, notUtf8, declared), 150);
  });

  it('refuses every truncation of a well-formed command as invalid xml', async () => {
    const whole = `<?xml version="1.0" encoding="utf-8"?><!-- start --><Command a="1">${FIELDS}<Params><Param Name="p">&amp;é€</Param><Param Name="q"><![CDATA[<x>]]></Param></Params></Command>`;
    expect((await send({ body: whole })).message).toBe('Unknown field Params');
    const bytes = Buffer.from(whole, 'utf8');
    const rootStart = bytes.indexOf('<Command');
    await refusesAll(
      fc.integer({ min: 1, max: bytes.length - 1 }).map((cut): Case => {
        const body = bytes.subarray(0, cut);
        // Cut before the root starts: an empty document, or a prolog only.
        return cut <= rootStart ? { body, status: 400 } : invalid(body);
      }),
      200,
    );
  });
});

describe('body charsets', () => {
  it('refuses a UTF-7 callback body 415, whose +ADw- would read as <', async () => {
    // Before the fix the body was decoded as UTF-7 and answered 200 OK.
    const answer = await send({
      body: '+ADw-Command+AD4-+ADw-CommandType+AD4-Web.Session+ADw-/CommandType+AD4-+ADw-CommandName+AD4-KeepAlive+ADw-/CommandName+AD4-+ADw-/Command+AD4-',
      contentType: 'application/xml; charset=utf-7',
    });
    expect({ http: answer.http, status: answer.status, message: answer.message }).toEqual({
      http: 415,
      status: 'ERROR',
      message: 'The callback body has an unsupported encoding',
    });
    // UTF-16 stays readable.
    const utf16 = await send({
      body: Buffer.from(keepAlive(''), 'utf16le'),
      contentType: 'application/xml; charset=utf-16le',
    });
    expect(utf16.status).toBe('OK');
  });
});
