import { CALLBACK_MAX_BYTES } from '@procedo/client-api';
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { command, readResponse, startTestServer, TestClient, type TestServer } from '../../testing/harness';

let server: TestServer;
let client: TestClient;

beforeEach(async () => {
  server = await startTestServer();
  client = new TestClient(() => server.url);
});
afterEach(async () => {
  await server.close();
});

const keepAlive = command({ CommandType: 'Web.Session', CommandName: 'KeepAlive' });

interface SiteNode {
  Id?: string;
  Title: string;
  Url?: string;
  Description?: string;
  children: SiteNode[];
}

/** Reads `<SiteMap><Node …>` back into a tree. */
function siteMap(resultXml: string | undefined): SiteNode[] {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    preserveOrder: true,
  }).parse(resultXml ?? '') as Array<Record<string, unknown>>;
  const root = parsed.find((node) => 'SiteMap' in node);
  if (!root) throw new Error(`no SiteMap in ${resultXml}`);
  const toNode = (node: Record<string, unknown>): SiteNode => ({
    ...(node[':@'] as { Title: string; Url?: string; Description?: string }),
    children: ((node.Node as Array<Record<string, unknown>>) ?? []).map(toNode),
  });
  return (root.SiteMap as Array<Record<string, unknown>>).map(toNode);
}

const titles = (nodes: SiteNode[]) => nodes.map((node) => node.Title);

describe('Web.Session KeepAlive', () => {
  it('answers OK with the new expiry and moves the session deadline', async () => {
    await client.logon();
    server.clock.advance(10 * 60_000);
    const answer = await readResponse(await client.callback(keepAlive));
    expect(answer.http).toBe(200);
    expect(answer.contentType).toMatch(/^application\/xml/);
    expect(answer.status).toBe('OK');
    expect(answer.resultXml).toBe(new Date(server.clock.now() + 20 * 60_000).toISOString());
    server.clock.advance(15 * 60_000);
    expect((await client.fetch('api/v1/session')).status).toBe(200);
  });

  it('answers 200 NOT_LOGGED_ON without a session, even without a CSRF header', async () => {
    const answer = await readResponse(await client.callback(keepAlive, { csrf: false }));
    expect(answer.http).toBe(200);
    expect(answer.status).toBe('NOT_LOGGED_ON');
    expect(answer.message).toBeUndefined();
  });

  it('accepts text/xml with a charset', async () => {
    await client.logon();
    const answer = await readResponse(
      await client.callback(keepAlive, { contentType: 'text/xml; charset=utf-8' }),
    );
    expect(answer.status).toBe('OK');
  });

  it('answers 403 ERROR without the CSRF header and does not extend the session', async () => {
    await client.logon();
    server.clock.advance(10 * 60_000);
    const answer = await readResponse(await client.callback(keepAlive, { csrf: false }));
    expect(answer.http).toBe(403);
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toMatch(/x-csrf-token/i);
    server.clock.advance(10 * 60_000);
    expect((await client.fetch('api/v1/session')).status).toBe(401);
  });
});

describe('callback errors', () => {
  beforeEach(async () => {
    await client.logon();
  });

  it.each([
    ['a body that is not well-formed', '<Command><CommandType>Web.Session</Command>'],
    ['an empty body', ''],
    ['plain text', 'KeepAlive'],
    ['a root other than Command', '<Request><CommandType>Web.Session</CommandType></Request>'],
    ['two roots', `${keepAlive}${keepAlive}`],
    ['an undeclared entity', '<Command><CommandType>&x;</CommandType></Command>'],
  ])('answers 400 "Invalid xml was found" to %s', async (_label, body) => {
    const answer = await readResponse(await client.callback(body));
    expect(answer.http).toBe(400);
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toBe('Invalid xml was found');
  });

  it('refuses an XXE payload without reading the file', async () => {
    const body = `<?xml version="1.0"?><!DOCTYPE Command [<!ENTITY x SYSTEM "file:///etc/passwd">]><Command><CommandType>Web.Resources.XmlOfComponentName</CommandType><ComponentName>&x;</ComponentName></Command>`;
    const answer = await readResponse(await client.callback(body));
    expect(answer.http).toBe(400);
    expect(answer.message).toBe('Invalid xml was found');
    expect(answer.body).not.toContain('root:');
  });

  it('refuses a billion-laughs payload at once', async () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const body = `<?xml version="1.0"?><!DOCTYPE Command [<!ENTITY lol0 "lol">${levels}]><Command><CommandType>&lol9;</CommandType></Command>`;
    const started = performance.now();
    const answer = await readResponse(await client.callback(body));
    expect(answer.http).toBe(400);
    expect(answer.message).toBe('Invalid xml was found');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('answers 400 naming an unknown CommandType', async () => {
    const answer = await readResponse(await client.callback(command({ CommandType: 'Web.Teleport' })));
    expect(answer.http).toBe(400);
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toContain('Web.Teleport');
  });

  it('answers 400 naming an unknown CommandName', async () => {
    const answer = await readResponse(
      await client.callback(command({ CommandType: 'Web.Session', CommandName: 'Extend' })),
    );
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('Extend');
  });

  it('answers 400 naming a missing CommandType', async () => {
    const answer = await readResponse(await client.callback(command({ CommandName: 'KeepAlive' })));
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('CommandType');
  });

  it('answers 400 naming a missing field', async () => {
    const answer = await readResponse(
      await client.callback(command({ CommandType: 'Web.Resources.XmlOfComponentName' })),
    );
    expect(answer.http).toBe(400);
    expect(answer.message).toBe('Missing field ComponentName');
  });

  it('answers 400 naming an unexpected field', async () => {
    const answer = await readResponse(
      await client.callback(command({ CommandType: 'Web.Session', CommandName: 'KeepAlive', Force: '1' })),
    );
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('Force');
  });

  it('answers 400 naming the missing fields of ToggleBookmarkSelectedRecord (served since migration 22)', async () => {
    const answer = await readResponse(
      await client.callback(command({ CommandType: 'ToggleBookmarkSelectedRecord' })),
    );
    expect(answer.http).toBe(400);
    expect(answer.message).toBe('Missing field BookmarkTableId; Missing field BookmarkRecordId');
  });

  it('answers 413 ERROR to a body over 1 MiB', async () => {
    const filler = 'x'.repeat(CALLBACK_MAX_BYTES);
    const body = command({ CommandType: 'Web.Resources.XmlOfComponentName', ComponentName: filler });
    const answer = await readResponse(await client.callback(body));
    expect(answer.http).toBe(413);
    expect(answer.status).toBe('ERROR');
  });

  it('answers 415 ERROR to a JSON body', async () => {
    const answer = await readResponse(
      await client.callback(JSON.stringify({ CommandType: 'Web.Session' }), {
        contentType: 'application/json',
      }),
    );
    expect(answer.http).toBe(415);
    expect(answer.status).toBe('ERROR');
  });

  it('answers 405 to a GET', async () => {
    const response = await client.fetch('callback');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('does not offer the diagnostics commands unless fault injection is on', async () => {
    const answer = await readResponse(await client.callback(command({ CommandType: 'Diagnostics.Fail' })));
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('Diagnostics.Fail');
  });
});

describe('fault injection', () => {
  it('answers 500 ERROR without Exception when not verbose', async () => {
    await server.restart({ faultInjection: true, verboseErrors: false });
    await client.logon();
    const answer = await readResponse(await client.callback(command({ CommandType: 'Diagnostics.Fail' })));
    expect(answer.http).toBe(500);
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toMatch(/error id [0-9a-f-]{36}/);
    expect(answer.exception).toBeUndefined();
    expect(answer.body).not.toContain('at ');
  });

  it('adds the short Exception line in verbose mode', async () => {
    await server.restart({ faultInjection: true, verboseErrors: true });
    await client.logon();
    const answer = await readResponse(await client.callback(command({ CommandType: 'Diagnostics.Fail' })));
    expect(answer.http).toBe(500);
    expect(answer.exception).toBe('Error: Diagnostics.Fail: injected failure');
  });

  it('answers an HTML page to Diagnostics.Html', async () => {
    await server.restart({ faultInjection: true });
    await client.logon();
    const response = await client.callback(command({ CommandType: 'Diagnostics.Html' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!doctype html>/i);
  });
});

describe('Web.Resources.XmlOfComponentName', () => {
  it('answers the texts of a seeded component', async () => {
    await client.logon();
    const answer = await readResponse(
      await client.callback(
        command({ CommandType: 'Web.Resources.XmlOfComponentName', ComponentName: 'Procedo.Messages' }),
      ),
    );
    expect(answer.status).toBe('OK');
    expect(answer.resultXml).toMatch(/^<Resources Component="Procedo.Messages">/);
    expect(answer.resultXml).toContain(
      '<Resource Name="sessionExpired">Your session has expired.</Resource>',
    );
    expect(answer.resultXml).toContain('<Resource Name="invalidXml">Invalid xml was found</Resource>');
  });

  it('answers ERROR naming an unknown component', async () => {
    await client.logon();
    const answer = await readResponse(
      await client.callback(
        command({ CommandType: 'Web.Resources.XmlOfComponentName', ComponentName: 'Nope' }),
      ),
    );
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toContain('Nope');
  });
});

describe('Profile.Navigation.SiteMap.Xml', () => {
  const siteMapCommand = (fields: Record<string, string> = {}) =>
    command({ CommandType: 'Profile.Navigation.SiteMap.Xml', ...fields });

  it("answers the supervisor's tree, Administration included", async () => {
    await client.logon('supervisor');
    const answer = await readResponse(await client.callback(siteMapCommand()));
    expect(answer.status).toBe('OK');
    const tree = siteMap(answer.resultXml);
    expect(titles(tree)).toEqual(['Quality', 'Processes', 'Administration', 'Help']);
    const quality = tree[0]!;
    expect(titles(quality.children)).toEqual([
      'Suppliers',
      'Products',
      'Batches',
      'Deviations',
      'Certificates',
    ]);
    expect(quality.children[0]).toMatchObject({ Url: '/form?WebTemplateNo=101' });
    expect(tree[1]!.children[0]).toMatchObject({ Title: 'Process explorer', Url: '/apps/flow/home/flow' });
    expect(tree[3]!.children[0]).toMatchObject({ Title: 'Getting started', Url: '/help/getting-started' });
    // The supervisors' audit search across records (the host's page).
    expect(tree[2]!.children).toContainEqual(
      expect.objectContaining({ Title: 'Audit trail', Url: '/audit' }),
    );
  });

  it("answers the operator's tree without Administration", async () => {
    await client.logon('operator');
    const tree = siteMap((await readResponse(await client.callback(siteMapCommand()))).resultXml);
    expect(titles(tree)).toEqual(['Quality', 'Processes', 'Help']);
    expect(titles(tree[0]!.children)).not.toContain('Certificates');
  });

  it('answers a smaller tree in the training database', async () => {
    await client.logon('supervisor', 'demo', 'training');
    const tree = siteMap((await readResponse(await client.callback(siteMapCommand()))).resultXml);
    expect(titles(tree[0]!.children)).toEqual(['Suppliers', 'Batches']);
  });

  it("lets a supervisor read another profile's tree", async () => {
    const context = await (await client.logon('operator')).json();
    const operatorProfile = String(context.WebProfileId);
    const supervisor = new TestClient(() => server.url);
    await supervisor.logon('supervisor');
    const tree = siteMap(
      (await readResponse(await supervisor.callback(siteMapCommand({ ProfileId: operatorProfile }))))
        .resultXml,
    );
    expect(titles(tree)).toEqual(['Quality', 'Processes', 'Help']);
  });

  it("refuses another profile's tree to an operator", async () => {
    const supervisor = new TestClient(() => server.url);
    const profileId = String((await (await supervisor.logon('supervisor')).json()).WebProfileId);
    await client.logon('operator');
    const answer = await readResponse(await client.callback(siteMapCommand({ ProfileId: profileId })));
    expect(answer.status).toBe('ERROR');
    expect(answer.message).toContain('supervisors');
    expect(answer.resultXml).toBeUndefined();
  });

  it("selects a node's subtree with //Node[@Title='X']", async () => {
    await client.logon();
    const answer = await readResponse(
      await client.callback(siteMapCommand({ xPathQuery: "//Node[@Title='Quality']" })),
    );
    const tree = siteMap(answer.resultXml);
    expect(titles(tree)).toEqual(['Quality']);
    expect(tree[0]!.children.length).toBe(5);
    const nested = siteMap(
      (await readResponse(await client.callback(siteMapCommand({ xPathQuery: '//Node[@Title="Batches"]' }))))
        .resultXml,
    );
    expect(nested).toEqual([
      {
        // The node's id: what a translation of its title names (docs/protocol.md "Translations").
        Id: expect.stringMatching(/^[1-9]\d*$/),
        Title: 'Batches',
        Url: '/form?WebTemplateNo=111',
        Description: 'Batch records and release',
        children: [],
      },
    ]);
  });

  it('refuses other xPath forms with 400 naming xPathQuery', async () => {
    await client.logon();
    const answer = await readResponse(
      await client.callback(siteMapCommand({ xPathQuery: '/SiteMap/Node[1]' })),
    );
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('xPathQuery');
  });

  it('refuses a non-numeric ProfileId naming the field', async () => {
    await client.logon();
    const answer = await readResponse(await client.callback(siteMapCommand({ ProfileId: 'one' })));
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('ProfileId');
  });
});
