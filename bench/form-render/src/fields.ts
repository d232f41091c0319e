import type { FieldValue, FormDefinition } from '@procedo/client-api';

/** How many fields the generated form has. */
export const FIELD_COUNT = 200;

/** Kinds in turn, so field 100 and field 200 (the typed-into fields) are text fields. */
const KINDS = ['text', 'number', 'select', 'date'] as const;

/** A field of the generated form: the same names, labels and values for every implementation. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: (typeof KINDS)[number];
  options: readonly { Value: string; Label: string }[];
}

const OPTIONS = ['open', 'review', 'approved', 'rejected', 'closed'].map((value) => ({
  Value: value,
  Label: value[0]!.toUpperCase() + value.slice(1),
}));

/** The name of field `n` (1-based): `f1` … `f200`. */
export const fieldName = (n: number) => `f${n}`;

/** The 200 fields: kind of field n is KINDS[n % 4] (f100 and f200 are text fields). */
export const FIELDS: readonly FieldSpec[] = Array.from({ length: FIELD_COUNT }, (_, i) => {
  const n = i + 1;
  const kind = KINDS[n % KINDS.length]!;
  return {
    name: fieldName(n),
    label: `Field ${n} (${kind})`,
    kind,
    options: kind === 'select' ? OPTIONS : [],
  };
});

function initialValueOf(field: FieldSpec, n: number): string | number {
  switch (field.kind) {
    case 'text':
      return `Value ${n}`;
    case 'number':
      return n;
    case 'select':
      return OPTIONS[n % OPTIONS.length]!.Value;
    case 'date':
      return `2024-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
  }
}

/** The loaded record's values, as the server sends them. */
export const INITIAL_VALUES: Readonly<Record<string, string | number>> = Object.fromEntries(
  FIELDS.map((field, i) => [field.name, initialValueOf(field, i + 1)]),
);

/** The generated form as a Procedo definition (schema version 1). */
export function buildDefinition(): FormDefinition {
  return {
    schemaVersion: 1,
    WebTemplateNo: 9001,
    Name: 'bench200',
    Title: 'Benchmark form',
    Entity: 'bench',
    Kind: 'record',
    Elements: FIELDS.map((field) =>
      field.kind === 'select'
        ? { Kind: 'select', Name: field.name, Label: field.label, Options: [...field.options] }
        : { Kind: field.kind, Name: field.name, Label: field.label },
    ),
  };
}

/** The initial values typed as the store takes them. */
export const initialFieldValues = (): Record<string, FieldValue> => ({ ...INITIAL_VALUES });
