import type { FieldValues } from '@procedo/client-api';
import { indexFields } from '../features/records/entities';
import { recordWrites } from '../features/records/records-store.sqlite';
import { mulberry32 } from './business-data';
import { SEED_HISTORY_DAYS, SYSTEM_USER } from './seed-forms';
import type { SqliteDatabase } from './sqlite';

/**
 * The `large` demo (issue 13, `PROCEDO_DEMO_LARGE=1`): the batches of a newly seeded database
 * topped up to a million, so the Batches grid (form 111) can be seen at scale. Deterministic like
 * db/business-data.ts; every result column of form 111 gets a realistic value, so its sorts and
 * filters are meaningful.
 */

/** How many batches the large demo holds (the seeded ones included). */
export const LARGE_DEMO_BATCHES = 1_000_000;

const BATCH_STATUS = ['Released', 'Released', 'Released', 'Quarantine', 'Rejected'];
// 2016-01-01 as days since the epoch; manufacture dates spread over ten years from it.
const FIRST_DAY = 16_801;
const DAYS = 3653;
const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** A product a large batch may be of, with its supplier (as stored: picker values). */
export interface LargeProduct {
  id: number;
  name: string;
  supplier: { Id: string; Text: string } | null;
}

/**
 * The values of the large set's batch number `i` (0-based). Numbers `L0000000`… do not collide with
 * the seeded `B240000`…; product and supplier come from `products`, one PRNG draw sequence per call
 * of the generator so the same `i` always gives the same batch.
 */
export function largeBatchGenerator(products: readonly LargeProduct[]): (i: number) => FieldValues {
  if (products.length === 0) throw new Error('The large demo needs seeded products');
  const random = mulberry32(1_000_003);
  return (i) => {
    const product = products[Math.floor(random() * products.length)]!;
    return {
      BatchNo: `L${String(i).padStart(7, '0')}`,
      Supplier: product.supplier,
      Product: { Id: String(product.id), Text: product.name },
      ReworkOf: null,
      ManufacturedOn: isoDay(FIRST_DAY + Math.floor(random() * DAYS)),
      Quantity: Math.round(random() * 5000 * 10) / 10,
      Status: BATCH_STATUS[Math.floor(random() * BATCH_STATUS.length)]!,
    };
  };
}

/** Progress of {@link seedLargeDemo}: batches written so far of `total`. */
export type LargeSeedProgress = (written: number, total: number) => void;

/**
 * Adds batches until the database holds `target` of them, once (`meta.large_seeded_at`), through
 * the record store's own synchronous writes (`recordWrites`: the pointer row with its current
 * values, version 1 and its period), all in one transaction with prepared statements. No audit
 * events are written for them (a million hash-chained events would triple the time; the audit
 * trail of such a batch is empty). Returns how many were added.
 */
export function seedLargeDemo(
  db: SqliteDatabase,
  options: { target: number; now: number; onProgress?: LargeSeedProgress; every?: number },
): number {
  if (db.prepare("SELECT 1 FROM meta WHERE key = 'large_seeded_at'").get() !== undefined) return 0;
  const products = db
    .prepare<[], { id: number; json: string }>(
      `SELECT record_id AS id, current_values_json AS json FROM records
       WHERE entity = 'product' AND is_deleted = 0 ORDER BY record_id`,
    )
    .all()
    .map(({ id, json }): LargeProduct => {
      const values = JSON.parse(json) as FieldValues;
      const supplier = values.Supplier;
      return {
        id,
        name: String(values.Name ?? ''),
        supplier:
          supplier && typeof supplier === 'object' && 'Text' in supplier
            ? { Id: supplier.Id, Text: supplier.Text }
            : null,
      };
    });
  const { n: existing } = db
    .prepare<[], { n: number }>("SELECT count(*) AS n FROM records WHERE entity = 'batch'")
    .get()!;
  const total = Math.max(0, options.target - existing);
  const every = options.every ?? 100_000;
  const next = largeBatchGenerator(products);
  const { createTx } = recordWrites(db);
  const at = new Date(options.now - SEED_HISTORY_DAYS * 86_400_000).toISOString();
  // A bigger page cache while the indexes grow (about 256 MB), back to the default afterwards.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  try {
    db.transaction(() => {
      for (let i = 0; i < total; i++) {
        const values = next(i);
        createTx('batch', {
          values,
          isDeleted: false,
          index: indexFields('batch', values),
          updatedBy: SYSTEM_USER,
          updatedAt: at,
        });
        if ((i + 1) % every === 0 || i + 1 === total) options.onProgress?.(i + 1, total);
      }
      db.prepare("INSERT INTO meta (key, value) VALUES ('large_seeded_at', ?)").run(
        new Date(options.now).toISOString(),
      );
    })();
  } finally {
    db.pragma(`cache_size = ${Math.trunc(cacheSize)}`);
  }
  return total;
}
