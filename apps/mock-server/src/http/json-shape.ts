import { AppError } from '../errors/app-error';

/** Deepest nesting of arrays and objects a JSON body may have (the deepest the API takes is about 15). */
export const JSON_MAX_DEPTH = 64;

type Path = (string | number)[];

// A JavaScript prototype's member names: an object copied by assignment with `__proto__` gets a new
// prototype, and a non-strict schema drops `constructor`/`prototype` silently (a designer publish
// answered 201 with them). The callback refuses the same names as XML names.
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

interface Frame {
  /** Keys seen so far, for an object; null for an array. */
  keys: Set<string> | null;
  /** The current key (object) or index (array). */
  at: string | number;
}

function refused(code: string, path: Path, message: string): AppError {
  const where = path.length > 0 ? path.join('.') : 'body';
  return new AppError({
    status: 400,
    code: 'VALIDATION',
    message: `Invalid request: ${where}: ${message}`,
    issues: [{ code, path, message }],
  });
}

/**
 * What JSON.parse lets through silently and the API refuses (400 VALIDATION): a key given twice in
 * one object (JSON.parse keeps the last, so a body could say two things and a reviewer read the
 * first), a key named `__proto__`, `constructor` or `prototype`, and nesting deeper than {@link JSON_MAX_DEPTH} (recursive consumers would exhaust the stack).
 * One linear pass over text JSON.parse accepts; on other text it finds nothing and leaves the
 * syntax error to JSON.parse.
 */
export function jsonShapeProblem(text: string, maxDepth = JSON_MAX_DEPTH): AppError | null {
  const frames: Frame[] = [];
  const path = () => frames.map((frame) => frame.at);
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = frames.at(-1);
      if (expectKey && top?.keys) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          return null;
        }
        top.at = key;
        if (FORBIDDEN_KEYS.has(key)) return refused('forbidden_key', path(), `The key ${key} is not allowed`);
        if (top.keys.has(key)) return refused('duplicate_key', path(), 'The key appears more than once');
        top.keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      if (frames.length >= maxDepth) {
        return refused('too_deep', path(), `The body nests deeper than ${maxDepth} levels`);
      }
      frames.push(c === '{' ? { keys: new Set(), at: '' } : { keys: null, at: 0 });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      frames.pop();
      expectKey = false;
    } else if (c === ',') {
      const top = frames.at(-1);
      if (top?.keys) expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
  }
  return null;
}
