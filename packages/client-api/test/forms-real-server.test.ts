import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../apps/mock-server/src/server';
import { type CallbackClient, createCallbackClient } from '../src/callback/client';
import { CallbackError, HttpStatusError } from '../src/errors';
import { Messages } from '../src/messages';
import { createV1Client, type V1Client } from '../src/v1/client';
import { isVersionConflictError, type VersionConflictError } from '../src/v1/records';
import { createCookieFetch } from './cookie-fetch';

let server: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-client-forms-'));
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(
  userName: 'operator' | 'supervisor' = 'supervisor',
): Promise<{ v1: V1Client; callback: CallbackClient }> {
  const jar = createCookieFetch();
  const options = { baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf };
  const v1 = createV1Client(options);
  await v1.session.logon({ Database: 'demo', UserName: userName, Password: 'demo' });
  return { v1, callback: createCallbackClient(options) };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('forms api against the real server', () => {
  it('creates a record, updates it, and a stale update gets the current values in a VersionConflictError', async () => {
    const { v1 } = await signedIn();
    const form = await v1.forms.get(102);
    expect(form.Definition.Kind).toBe('record');
    expect(form.SupportedFileExtensions).toContain('pdf');

    const created = await v1.records.create(102, {
      Values: { Name: 'Zeta Test Supplier', Status: 'Approved' },
    });
    expect(created.Version).toBe(1);
    const updated = await v1.records.update(102, created.Id, { Version: 1, Values: { Country: 'Austria' } });
    expect(updated).toMatchObject({ Version: 2, Values: { Name: 'Zeta Test Supplier', Country: 'Austria' } });

    const error = await failure(
      v1.records.update(102, created.Id, { Version: 1, Values: { Country: 'Spain' } }),
    );
    expect(isVersionConflictError(error)).toBe(true);
    expect((error as VersionConflictError).current).toMatchObject({
      Version: 2,
      Values: { Country: 'Austria' },
    });

    await expect(v1.records.get(102, created.Id, { version: 1 })).resolves.toMatchObject({
      Version: 1,
      Values: { Name: 'Zeta Test Supplier' },
    });
    const removed = await v1.records.remove(102, created.Id, { Version: 2 });
    expect(removed).toMatchObject({ Version: 3, IsDeleted: true });
  });

  it('answers a field error as a 400 with an issue on the field', async () => {
    const { v1 } = await signedIn();
    const error = (await failure(
      v1.records.create(102, { Values: { Name: '', Status: 'Approved' } }),
    )) as HttpStatusError;
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.status).toBe(400);
    expect(error.body?.Issues?.some((i) => i.path.join('.') === 'Values.Name')).toBe(true);
  });

  it('searches a search form and a dependent picker', async () => {
    const { v1 } = await signedIn();
    const page = await v1.records.search(101, { text: '', pageSize: 5 });
    expect(page.Rows).toHaveLength(5);
    expect(page.Total).toBeGreaterThan(5);

    const suppliers = await v1.forms.pickerSearch('suppliers', {
      text: 'al',
      webTemplateNo: 104,
      element: 'Supplier',
    });
    expect(suppliers.Items.length).toBeGreaterThan(0);
    const supplier = suppliers.Items[0];
    const short = (await failure(
      v1.forms.pickerSearch('suppliers', { text: 'a', webTemplateNo: 104, element: 'Supplier' }),
    )) as HttpStatusError;
    expect(short.status).toBe(400);
    const product = (await v1.forms.pickerSearch('products', { text: 'a' })).Items[0];
    expect(product).toBeDefined();
    const batches = await v1.forms.pickerSearch('batches', {
      text: '',
      deps: { Product: product },
      webTemplateNo: 104,
      element: 'ReworkOf',
    });
    const all = await v1.forms.pickerSearch('batches', { text: '', webTemplateNo: 104, element: 'ReworkOf' });
    expect(supplier).toBeDefined();
    expect(batches.Items.length).toBeGreaterThan(0);
    expect(batches.Items).not.toEqual(all.Items);
  });

  it('uploads a supported file and refuses another type with the spec message', async () => {
    const { v1 } = await signedIn();
    const ref = await v1.forms.upload(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(ref).toMatchObject({ FileName: 'notes.txt', Size: 5 });
    const error = (await failure(v1.forms.upload(new File(['MZ'], 'tool.exe')))) as HttpStatusError;
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe(Messages.fileTypeNotSupported);
  });

  it('reads a record through Web.Data.XmlOfId as JSON and XML, selects tabs and refreshes the cache', async () => {
    const { v1, callback } = await signedIn('operator');
    const first = (await v1.records.search(101, { pageSize: 1 })).Rows[0];
    expect(first).toBeDefined();
    const id = first?.Id ?? 0;
    const json = await callback.xmlOfId(`102:${id}`, { returnType: 'Json' });
    expect(json).toEqual(await v1.records.get(102, id));
    expect(json.Values).not.toHaveProperty('InternalNotes');
    const xml = await callback.xmlOfId(`102:${id}`, { params: { Version: '1' } });
    expect(xml.resultText).toContain(`<Record Id="${id}"`);

    await expect(callback.tabSelect('102:Quality')).resolves.toBe('Quality');
    const refused = (await failure(callback.tabSelect('102:Nowhere'))) as CallbackError;
    expect(refused).toBeInstanceOf(CallbackError);
    expect(refused.serverMessage).toBe(Messages.tabSelectError);
    await expect(callback.templateCacheRefresh()).resolves.toBeUndefined();
    await expect(v1.forms.get(102)).resolves.toMatchObject({ Definition: { WebTemplateNo: 102 } });
  });
});
