import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { createSqliteFileLinkStore } from './file-links-store';
import { createPgFileLinkStore } from './file-links-store.pg';
import type { FileRecord, FileStore } from './files-store';
import { createSqliteFileStore } from './files-store';
import { createPgFileStore } from './files-store.pg';

let both: ParityDatabases;
let sqlite: FileStore;
let pg: FileStore;
beforeAll(async () => {
  both = await openParityDatabases();
  sqlite = createSqliteFileStore(both.sqlite);
  pg = createPgFileStore(both.pg);
});
afterAll(() => both?.close());

const file = (n: number): FileRecord => ({
  id: `file-${n}`,
  storedName: `stored-${n}`,
  originalName: `Ünïcode report ${n}.pdf`,
  size: 1000 * n,
  contentType: 'application/pdf',
  uploadedBy: 'supervisor',
  uploadedAt: `2026-01-0${n}T10:00:00.000Z`,
});

describe('the file store on PostgreSQL', () => {
  it('reads back what it stored as the SQLite store does', async () => {
    for (const store of [sqlite, pg]) {
      await store.insert(file(1));
      await store.insert(file(2));
    }
    for (const id of ['file-1', 'file-2', 'missing']) expect(await pg.get(id)).toEqual(await sqlite.get(id));
    expect(await pg.get('file-1')).toEqual(file(1));
    for (const name of ['stored-1', 'stored-2', 'stored-3', 'STORED-1'])
      expect(await pg.hasStoredName(name)).toBe(await sqlite.hasStoredName(name));
  });

  it('refuses a second row with the same id or stored name, as SQLite does', async () => {
    for (const store of [sqlite, pg]) {
      await expect(store.insert(file(1))).rejects.toThrow();
      await expect(store.insert({ ...file(3), storedName: 'stored-2' })).rejects.toThrow();
      expect(await store.get('file-3')).toBeNull();
    }
  });

  it('deletes a row, and deleting a missing one changes nothing', async () => {
    for (const store of [sqlite, pg]) {
      await store.delete('file-2');
      await store.delete('missing');
    }
    expect(await pg.get('file-2')).toBeNull();
    expect(await pg.hasStoredName('stored-2')).toBe(false);
    expect(await pg.get('file-1')).toEqual(await sqlite.get('file-1'));
  });
});

describe('the file link store on PostgreSQL', () => {
  it('lists the records that hold a file, ordered as on SQLite, from the versions written on each engine', async () => {
    const values = (element: string, id: string) =>
      JSON.stringify({ [element]: { Id: id, FileName: 'a.pdf' }, Other: { Id: 'x' }, Plain: 'file-9' });
    const { max } = both.sqlite
      .prepare<[], { max: number }>('SELECT max(record_id) AS max FROM records')
      .get()!;
    const versions = [
      [max + 2, 1, values('Certificate', 'file-9')],
      [max + 1, 1, values('Sheet', 'file-9')],
      [max + 1, 2, values('Attachment', 'file-9')],
      [max + 1, 3, values('Attachment', 'file-9')],
      [max + 2, 2, values('Certificate', 'file-8')],
    ] as const;
    for (const id of [max + 1, max + 2]) {
      both.sqlite
        .prepare("INSERT INTO records (record_id, entity, current_version) VALUES (?, 'certificate', 3)")
        .run(id);
      await both.pg.run(
        "INSERT INTO records (record_id, entity, current_version) VALUES ($1, 'certificate', 3)",
        [id],
      );
    }
    for (const [id, version, json] of versions) {
      const row = [id, version, 'certificate', json, 0, 'supervisor', '2026-01-01T00:00:00.000Z'];
      both.sqlite
        .prepare(
          `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...row);
      await both.pg.run(
        `INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        row,
      );
    }
    const sqliteLinks = createSqliteFileLinkStore(both.sqlite);
    const pgLinks = createPgFileLinkStore(both.pg);
    for (const id of ['file-9', 'file-8', 'x', 'missing'])
      expect(await pgLinks.listByFile(id)).toEqual(await sqliteLinks.listByFile(id));
    expect(await pgLinks.listByFile('file-9')).toEqual([
      { recordId: max + 1, elementName: 'Attachment' },
      { recordId: max + 1, elementName: 'Sheet' },
      { recordId: max + 2, elementName: 'Certificate' },
    ]);
  });
});
