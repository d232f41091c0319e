/** A positive integer query parameter (`?id=`, `?stepid=`), or `null` when it is missing or not one. */
export function positiveIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
