import type { FileRef } from '@procedo/client-api';
import type { TestClient } from '../../testing/harness';

// What file-access.test.ts (both engines) and file-access.sqlite.test.ts (SQLite's plan) share.

/** Creates a supplier certificate (form 105) holding `document`. */
export function certificate(client: TestClient, document: FileRef, title = 'GMP certificate') {
  return client.json('POST', 'api/v1/forms/105/records', {
    Values: { Title: title, Supplier: { Id: '1', Text: 'x' }, Document: document },
  });
}
