/** Options of {@link catalogueProblems}. */
export interface CatalogueProblemsOptions {
  /**
   * Arguments to call a text function with, by its dotted key (`record.auditFields`), for a
   * function whose parameters are not plain strings or numbers (an array, an object, an enum).
   * @default each parameter a marker string such as '⟨0⟩'
   */
  sampleArgs?: Readonly<Record<string, readonly unknown[]>>;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const MARKER = /⟨\w+⟩/g;

function isSection(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setOf(text: string, pattern: RegExp): string {
  return [...new Set(text.match(pattern) ?? [])].sort().join(' ');
}

function markerArgs(length: number): string[] {
  return Array.from({ length }, (_, i) => `⟨${i}⟩`);
}

function outputOf(text: unknown, args: readonly unknown[]): unknown {
  return typeof text === 'function' ? text(...args) : text;
}

/**
 * What is wrong with a translated catalogue against the English one: a key missing or extra (at
 * any depth), a text that is a string in one and a function in the other, `{name}` placeholders
 * that differ, or a text function whose output drops or adds an argument. An empty list means the
 * translation is complete. Hosts shipping their own languages can run it in their tests too.
 *
 * @example expect(catalogueProblems(FORMS_TEXTS, FORMS_TEXTS_DE)).toEqual([])
 */
export function catalogueProblems(
  english: object,
  translated: object,
  options: CatalogueProblemsOptions = {},
  prefix = '',
): string[] {
  const problems: string[] = [];
  const en = english as Record<string, unknown>;
  const other = translated as Record<string, unknown>;
  for (const key of Object.keys(en)) {
    const path = `${prefix}${key}`;
    if (!(key in other)) {
      problems.push(`${path}: missing`);
      continue;
    }
    const a = en[key];
    const b = other[key];
    if (isSection(a) || isSection(b)) {
      if (isSection(a) && isSection(b)) problems.push(...catalogueProblems(a, b, options, `${path}.`));
      else problems.push(`${path}: a section in one catalogue and a text in the other`);
      continue;
    }
    if (typeof a !== typeof b) {
      problems.push(`${path}: a ${typeof a} in English but a ${typeof b} here`);
      continue;
    }
    const args = options.sampleArgs?.[path] ?? markerArgs(typeof a === 'function' ? a.length : 0);
    let textA: unknown;
    let textB: unknown;
    try {
      textA = outputOf(a, args);
      textB = outputOf(b, args);
    } catch {
      problems.push(`${path}: failed with the sample arguments (give them in sampleArgs)`);
      continue;
    }
    if (typeof textA !== 'string' || typeof textB !== 'string') {
      problems.push(`${path}: does not give a string`);
      continue;
    }
    if (textB.trim() === '') problems.push(`${path}: empty`);
    if (setOf(textA, PLACEHOLDER) !== setOf(textB, PLACEHOLDER)) {
      problems.push(
        `${path}: placeholders {${setOf(textA, PLACEHOLDER)}} in English, {${setOf(textB, PLACEHOLDER)}} here`,
      );
    }
    if (setOf(textA, MARKER) !== setOf(textB, MARKER)) {
      problems.push(
        `${path}: shows arguments ${setOf(textA, MARKER) || 'none'} in English, ${setOf(textB, MARKER) || 'none'} here`,
      );
    }
  }
  for (const key of Object.keys(other)) {
    if (!(key in en)) problems.push(`${prefix}${key}: not in the English catalogue`);
  }
  return problems;
}
