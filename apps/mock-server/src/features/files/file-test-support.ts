import type { FileRef } from '@procedo/client-api';
import { expect } from 'vitest';
import type { TestClient } from '../../testing/harness';

// What file-access.test.ts (both engines) and file-access.sqlite.test.ts (SQLite's plan) share.

/** Uploads `content` as a file named `name`; expects 201 and answers its reference. */
export async function upload(client: TestClient, name: string, content: string): Promise<FileRef> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await client.fetch('api/v1/files', {
    method: 'POST',
    body: form,
    headers: { 'x-csrf-token': client.cookies.get('procedo_csrf')! },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as FileRef;
}

/** Creates a supplier certificate (form 105) holding `document`. */
export function certificate(client: TestClient, document: FileRef, title = 'GMP certificate') {
  return client.json('POST', 'api/v1/forms/105/records', {
    Values: { Title: title, Supplier: { Id: '1', Text: 'x' }, Document: document },
  });
}
