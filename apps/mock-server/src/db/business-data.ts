import type { FieldValues } from '@procedo/client-api';
import type { SeedKind } from './seed-data';

/**
 * Deterministic demo business data of a quality-management business: suppliers, their products,
 * batches of those products and deviations against batches. The same seed gives the same rows on
 * every machine (mulberry32 PRNG), so tests and screenshots can rely on them.
 */

/** mulberry32: a small, fast, seeded PRNG returning [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A business row to seed. Picker values name other rows as `ref:<position in the list>`. */
export interface BusinessRow {
  entity: 'supplier' | 'product' | 'batch' | 'deviation';
  values: FieldValues;
}

/** How many rows each seed gets. */
export const BUSINESS_COUNTS: Record<
  SeedKind,
  { suppliers: number; products: number; batches: number; deviations: number }
> = {
  full: { suppliers: 400, products: 1200, batches: 2400, deviations: 600 },
  small: { suppliers: 20, products: 40, batches: 60, deviations: 10 },
};

const PREFIXES = [
  'Alpine',
  'Nordic',
  'Atlas',
  'Crescent',
  'Summit',
  'Harbor',
  'Meridian',
  'Orion',
  'Pioneer',
  'Vertex',
  'Cedar',
  'Falcon',
  'Granite',
  'Juniper',
  'Lumen',
  'Quartz',
];
const CORES = [
  'Chemicals',
  'Pharma',
  'Packaging',
  'Labs',
  'Materials',
  'Biotech',
  'Polymers',
  'Ingredients',
  'Glassworks',
  'Solutions',
];
const SUFFIXES = ['Ltd', 'GmbH', 'AG', 'Inc', 'BV', 'SA', 'Oy', 'AB'];
const COUNTRIES = [
  'Germany',
  'Switzerland',
  'United Kingdom',
  'Netherlands',
  'France',
  'Sweden',
  'Finland',
  'Ireland',
  'Italy',
  'Spain',
  'United States',
  'Japan',
];
const SUPPLIER_STATUS = ['Approved', 'Approved', 'Approved', 'Conditional', 'Blocked'];
const SUBSTANCES = [
  'Lactose',
  'Microcrystalline cellulose',
  'Magnesium stearate',
  'Ethanol',
  'Sodium chloride',
  'Citric acid',
  'Glass vial 10 ml',
  'Rubber stopper',
  'Aluminium cap',
  'Blister foil',
  'Carton',
  'Paracetamol',
  'Ibuprofen',
  'Ascorbic acid',
  'Purified water',
  'Glycerol',
];
const GRADES = ['USP', 'EP', 'Ph. Eur.', 'food grade', 'technical', 'type I', 'type II'];
const CATEGORIES = ['Raw', 'Packaging', 'Finished'];
const BATCH_STATUS = ['Released', 'Released', 'Released', 'Quarantine', 'Rejected'];
const DEVIATION_TOPICS = [
  'Temperature excursion during storage',
  'Label misprint',
  'Out-of-specification assay',
  'Missing signature in batch record',
  'Foreign particle found',
  'Equipment calibration overdue',
  'Cleaning record incomplete',
  'Late delivery affected schedule',
];
const SEVERITIES = ['Minor', 'Minor', 'Major', 'Critical'];
const DEVIATION_STATUS = ['Open', 'Investigating', 'Closed', 'Closed'];

const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
// 2024-01-01 as days since the epoch: every date is fixed, not relative to today.
const BASE_DAY = 19_723;

/** The business rows of a seed, parents before children. */
export function businessRows(kind: SeedKind): BusinessRow[] {
  const random = mulberry32(kind === 'full' ? 20_240_101 : 7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const counts = BUSINESS_COUNTS[kind];
  const rows: BusinessRow[] = [];

  const suppliers: { ref: number; name: string }[] = [];
  for (let i = 0; i < counts.suppliers; i++) {
    const name = `${pick(PREFIXES)} ${pick(CORES)} ${pick(SUFFIXES)} ${String(i + 1).padStart(3, '0')}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    suppliers.push({ ref: rows.length, name });
    rows.push({
      entity: 'supplier',
      values: {
        Name: name,
        Country: pick(COUNTRIES),
        Phone: `+${41 + Math.floor(random() * 9)}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
        Email: `quality@${slug}.example`,
        Website: `https://${slug}.example`,
        Status: pick(SUPPLIER_STATUS),
        IsPreferred: random() < 0.2,
        Rating: 1 + Math.floor(random() * 5),
        LastAuditDate: isoDay(BASE_DAY - Math.floor(random() * 900)),
        AuditNotes: '',
        InternalNotes: random() < 0.3 ? 'Price renegotiation pending.' : '',
      },
    });
  }

  const products: { ref: number; name: string; supplier: number }[] = [];
  for (let i = 0; i < counts.products; i++) {
    const supplier = pick(suppliers);
    const name = `${pick(SUBSTANCES)} ${pick(GRADES)} ${String(i + 1).padStart(4, '0')}`;
    products.push({ ref: rows.length, name, supplier: supplier.ref });
    rows.push({
      entity: 'product',
      values: {
        Name: name,
        ProductCode: `P-${String(10_000 + i)}`,
        Supplier: { Id: `ref:${supplier.ref}`, Text: supplier.name },
        BracketCode: pick(['()', '[]', '([])', '{[()]}', '<>']),
        ShelfLifeDays: 180 + Math.floor(random() * 900),
        Category: pick(CATEGORIES),
        IsControlled: random() < 0.05,
      },
    });
  }

  const batches: { ref: number; batchNo: string }[] = [];
  for (let i = 0; i < counts.batches; i++) {
    const product = pick(products);
    const supplier = suppliers.find((s) => s.ref === product.supplier)!;
    const batchNo = `B${String(240_000 + i)}`;
    batches.push({ ref: rows.length, batchNo });
    rows.push({
      entity: 'batch',
      values: {
        BatchNo: batchNo,
        Supplier: { Id: `ref:${supplier.ref}`, Text: supplier.name },
        Product: { Id: `ref:${product.ref}`, Text: product.name },
        ReworkOf: null,
        ManufacturedOn: isoDay(BASE_DAY + Math.floor(random() * 600)),
        Quantity: Math.round(random() * 5000 * 10) / 10,
        Status: pick(BATCH_STATUS),
      },
    });
  }

  for (let i = 0; i < counts.deviations; i++) {
    const batch = pick(batches);
    rows.push({
      entity: 'deviation',
      values: {
        Title: `DEV-${String(i + 1).padStart(4, '0')} ${pick(DEVIATION_TOPICS)}`,
        OccurredOn: isoDay(BASE_DAY + Math.floor(random() * 600)),
        Batch: { Id: `ref:${batch.ref}`, Text: batch.batchNo },
        Severity: pick(SEVERITIES),
        Status: pick(DEVIATION_STATUS),
        Description: 'Recorded during the routine review.',
        RootCause: '',
        CapaRequired: random() < 0.3,
      },
    });
  }
  return rows;
}
