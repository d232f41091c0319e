/**
 * Named parameters (`@name`, as the SQLite stores write them) turned into PostgreSQL's positional
 * ones (`$1`, `$2`…), so a query built once from named parts runs on node-postgres. A name used
 * twice is bound once. Names come from our own code; a name without a value is an error, never an
 * unbound NULL.
 */
export function positional(
  sql: string,
  params: Readonly<Record<string, unknown>>,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const numbers = new Map<string, number>();
  const text = sql.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    let number = numbers.get(name);
    if (number === undefined) {
      if (!Object.hasOwn(params, name)) throw new Error(`No value for SQL parameter @${name}`);
      values.push(params[name]);
      number = values.length;
      numbers.set(name, number);
    }
    return `$${number}`;
  });
  return { text, values };
}
