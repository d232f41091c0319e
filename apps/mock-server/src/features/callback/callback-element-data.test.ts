import { parseXml, RecordSchema, textContent, type XmlElement } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  readResponse,
  startSignedInServer,
  type TestClient,
  type TestServer,
} from '../../testing/harness';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let supplierId: number;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  const created = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: { Name: 'Element & Data <Ltd>', Status: 'Approved', Rating: 4, InternalNotes: 'secret' },
  });
  supplierId = RecordSchema.parse(await created.json()).Id;
  await supervisor.json('PUT', `api/v1/forms/102/records/${supplierId}`, {
    Version: 1,
    Values: { Rating: 5 },
  });
});
afterAll(async () => {
  await server.close();
});

const elementData = (dataId: string, extra: Record<string, string> = {}, params = '') =>
  command({ CommandType: 'Web.Data.XmlOfId', DataId: dataId, ...extra }, params);

function resultOf(body: string): XmlElement {
  const result = parseXml(body).children.find(
    (node): node is XmlElement => typeof node !== 'string' && node.name === 'Result',
  );
  if (!result) throw new Error(`no Result in ${body}`);
  return result;
}

describe('element data as JSON (spec §7): Web.Data.XmlOfId with DataId <form>:<record>:<element>', () => {
  it("answers one element's value as { Name, Value } JSON with ReturnType Json", async () => {
    const answer = await readResponse(
      await supervisor.callback(elementData(`102:${supplierId}:Name`, { ReturnType: 'Json' })),
    );
    expect(answer.status).toBe('OK');
    expect(JSON.parse(textContent(resultOf(answer.body).children))).toEqual({
      Name: 'Name',
      Value: 'Element & Data <Ltd>',
    });
    const rating = await readResponse(
      await supervisor.callback(elementData(`102:${supplierId}:Rating`, { ReturnType: 'Json' })),
    );
    expect(JSON.parse(textContent(resultOf(rating.body).children))).toEqual({ Name: 'Rating', Value: 5 });
  });

  it('answers it as an Element in XML without ReturnType, and reads a version through Params', async () => {
    const answer = await readResponse(
      await supervisor.callback(
        elementData(`102:${supplierId}:Rating`, {}, '<Params><Param Name="Version">1</Param></Params>'),
      ),
    );
    const element = resultOf(answer.body).children.find((node) => typeof node !== 'string') as XmlElement;
    expect(element).toMatchObject({ name: 'Element', attributes: { Name: 'Rating' } });
    expect(textContent(element.children)).toBe('4');
  });

  it('never answers a hidden element: the operator gets the same ERROR as for an element the form lacks', async () => {
    const hidden = await readResponse(
      await operator.callback(elementData(`102:${supplierId}:InternalNotes`, { ReturnType: 'Json' })),
    );
    const missing = await readResponse(
      await operator.callback(elementData(`102:${supplierId}:NoSuchElement`, { ReturnType: 'Json' })),
    );
    expect(hidden).toMatchObject({ http: 200, status: 'ERROR' });
    expect(hidden.body).not.toContain('secret');
    expect(missing.message).toBe(hidden.message?.replace('InternalNotes', 'NoSuchElement'));
    const seen = await readResponse(
      await supervisor.callback(elementData(`102:${supplierId}:InternalNotes`, { ReturnType: 'Json' })),
    );
    expect(JSON.parse(textContent(resultOf(seen.body).children))).toEqual({
      Name: 'InternalNotes',
      Value: 'secret',
    });
  });

  it('refuses a malformed element name with 400 naming DataId', async () => {
    const answer = await readResponse(await supervisor.callback(elementData(`102:${supplierId}:9bad`)));
    expect(answer.http).toBe(400);
    expect(answer.message).toContain('DataId');
  });
});
