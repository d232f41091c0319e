import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, readResponse, type SignedInServer, startSignedInServer } from '../../testing/harness';
import { CALLBACK_XML_LIMITS } from './callback-xml-reader';

// Hostile callback bodies against the real server (issue 11, item 3): what the parser must refuse
// before it spends time on them, and what must keep working.

let signedIn: SignedInServer;
beforeAll(async () => {
  signedIn = await startSignedInServer();
});
afterAll(async () => {
  await signedIn.server.close();
});

const KEEP_ALIVE_FIELDS = '<CommandType>Web.Session</CommandType><CommandName>KeepAlive</CommandName>';
const keepAlive = (inside = '', attributes = '') =>
  `<Command${attributes}>${inside}${KEEP_ALIVE_FIELDS}</Command>`;

async function send(body: string) {
  return readResponse(await signedIn.supervisor.callback(body));
}

async function expectInvalidXml(body: string) {
  const answer = await send(body);
  expect({ http: answer.http, status: answer.status, message: answer.message }).toEqual({
    http: 400,
    status: 'ERROR',
    message: 'Invalid xml was found',
  });
}

describe('hostile callback bodies', () => {
  it('refuses the 1 MiB body with 60,000 attributes on one element as invalid xml', async () => {
    let attributes = '';
    for (let i = 0; i < 60_000; i++) attributes += ` at${i}="value1"`;
    const body = keepAlive('', attributes);
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    await expectInvalidXml(body);
  });

  it('refuses one attribute more than the cap on an element', async () => {
    const attributes = Array.from(
      { length: CALLBACK_XML_LIMITS.attributesPerElement + 1 },
      (_, i) => ` a${i}="1"`,
    );
    await expectInvalidXml(keepAlive('', attributes.join('')));
    // At the cap the body is read (and answered as the command it is).
    expect((await send(keepAlive('', attributes.slice(1).join('')))).status).toBe('OK');
  });

  it('refuses one element more than the cap', async () => {
    // KeepAlive's Command and its two fields are three elements.
    const filler = (count: number) => `<Params>${'<Param Name="p">1</Param>'.repeat(count)}</Params>`;
    await expectInvalidXml(keepAlive(filler(CALLBACK_XML_LIMITS.elements - 3)));
    const atCap = await send(keepAlive(filler(CALLBACK_XML_LIMITS.elements - 4)));
    expect(atCap.message).not.toBe('Invalid xml was found');
  });

  it('refuses nesting one level deeper than the cap', async () => {
    const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    await expectInvalidXml(keepAlive(`<Deep>${nested(CALLBACK_XML_LIMITS.depth - 1)}</Deep>`));
    const atCap = await send(keepAlive(`<Deep>${nested(CALLBACK_XML_LIMITS.depth - 2)}</Deep>`));
    expect(atCap.message).toBe('Field Deep must hold text only');
  });

  it('refuses a flood of comments, processing instructions or CDATA sections', async () => {
    const many = CALLBACK_XML_LIMITS.otherNodes + 1;
    await expectInvalidXml(keepAlive('<!-- c -->'.repeat(many)));
    await expectInvalidXml(keepAlive('<?p x?>'.repeat(many)));
    await expectInvalidXml(
      `<Command><CommandType>Web.Session</CommandType><CommandName>${'<![CDATA[K]]>'.repeat(many)}</CommandName></Command>`,
    );
  });

  it('refuses more entity references or carriage returns than the caps', async () => {
    const { references, carriageReturns } = CALLBACK_XML_LIMITS;
    await expectInvalidXml(keepAlive(`<Extra>${'&amp;'.repeat(references + 1)}</Extra>`));
    await expectInvalidXml(keepAlive(`<Extra>a${'\r'.repeat(carriageReturns + 1)}b</Extra>`));
    expect((await send(keepAlive(`<Extra>${'&amp;'.repeat(references)}</Extra>`))).message).toMatch(/Extra/);
    expect((await send(keepAlive(`<Extra>a${'\r'.repeat(carriageReturns)}b</Extra>`))).message).toMatch(
      /Extra/,
    );
  });

  const forbidden = [
    ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    0xfffe,
    0xffff,
  ].map((code) => String.fromCharCode(code));

  it.each(
    forbidden.map((char) => [`U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, char]),
  )('refuses a raw %s anywhere in the body, a comment included', async (_label, char) => {
    await expectInvalidXml(keepAlive(`<!-- ${char} -->`));
    await expectInvalidXml(
      `<Command><CommandType>Web.Session</CommandType><CommandName>Keep${char}Alive</CommandName></Command>`,
    );
  });

  it('refuses a lone surrogate, which only a UTF-16 body can carry', async () => {
    for (const lone of ['\uD800', '\uDFFF']) {
      const body = Buffer.from(keepAlive(`<!-- ${lone} -->`), 'utf16le');
      const answer = await readResponse(
        await signedIn.supervisor.fetch('callback', {
          method: 'POST',
          headers: {
            'content-type': 'application/xml; charset=utf-16le',
            'x-csrf-token': signedIn.supervisor.cookies.get('procedo_csrf') ?? '',
          },
          body,
        }),
      );
      expect(answer.message).toBe('Invalid xml was found');
    }
    // The same body without the surrogate is read.
    const plain = Buffer.from(keepAlive('<!-- x -->'), 'utf16le');
    const answer = await signedIn.supervisor.fetch('callback', {
      method: 'POST',
      headers: {
        'content-type': 'application/xml; charset=utf-16le',
        'x-csrf-token': signedIn.supervisor.cookies.get('procedo_csrf') ?? '',
      },
      body: plain,
    });
    expect((await readResponse(answer)).status).toBe('OK');
  });

  it.each([['&#0;'], ['&#x1;'], ['&#x1F;'], ['&#xFFFE;'], ['&#xD800;'], ['&#x110000;']])(
    'refuses the character reference %s to a character XML forbids',
    async (reference) => {
      await expectInvalidXml(keepAlive(`<Extra>${reference}</Extra>`));
      await expectInvalidXml(keepAlive('', ` x="${reference}"`));
    },
  );

  it('refuses a literal < inside an attribute value', async () => {
    await expectInvalidXml(keepAlive('', ' x="a<b"'));
    await expectInvalidXml(
      command(
        { CommandType: 'Web.Data.XmlOfId', DataId: '102:1' },
        "<Params><Param Name='<Version'>1</Param></Params>",
      ),
    );
  });

  it.each([['__proto__'], ['constructor'], ['prototype']])(
    'refuses a Param named %s, naming it',
    async (name) => {
      const answer = await send(
        command(
          { CommandType: 'Web.Data.XmlOfId', DataId: '102:1' },
          `<Params><Param Name="${name}">1</Param></Params>`,
        ),
      );
      expect(answer.http).toBe(400);
      expect(answer.status).toBe('ERROR');
      expect(answer.message).toBe(`Param '${name}' is not allowed`);
    },
  );

  it('still serves a valid command after every hostile body', async () => {
    expect((await send(keepAlive())).status).toBe('OK');
  });
});

describe('arbitrary callback bodies', () => {
  const xmlish = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .array(
        fc.constantFrom(
          '<Command>',
          '</Command>',
          '<CommandType>',
          '</CommandType>',
          'Web.Session',
          '<CommandName>KeepAlive</CommandName>',
          '<Params>',
          '<Param Name="Version">',
          '</Param>',
          '</Params>',
          '<![CDATA[',
          ']]>',
          '<!--',
          '-->',
          '<?xml version="1.0"?>',
          '&amp;',
          '&#0;',
          '&',
          '<',
          '>',
          '"',
          '\u0000',
          '\uD800',
          ' ',
          '<!DOCTYPE x>',
          '<a b="c">',
          '</a>',
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join('')),
  );

  it('always answers a Response with a Status, never a 5xx, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(xmlish, async (body) => {
        const answer = await send(body);
        expect(answer.http).toBeLessThan(500);
        expect(['OK', 'ERROR']).toContain(answer.status);
      }),
      { numRuns: 150 },
    );
    expect((await send(keepAlive())).status).toBe('OK');
  });
});
