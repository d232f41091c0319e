/**
 * The points of a long line worth drawing at `columns` device columns: per column, its first,
 * lowest, highest and last point (in their order). The drawn line then reaches exactly the
 * lowest and highest value of every column and joins the columns where the full line joins them,
 * so it looks the same as the full line at that width — while a line of 10,000 points draws as
 * at most 4 × `columns`. Returns the indices to keep, ascending; every index when there are
 * fewer than 4 × `columns` points.
 */
export function decimateMinMax(values: readonly number[], columns: number): number[] {
  const count = values.length;
  const width = Math.max(1, Math.floor(columns));
  if (count <= 4 * width) return Array.from({ length: count }, (_, index) => index);
  const kept: number[] = [];
  for (let column = 0; column < width; column++) {
    const first = Math.floor((column * count) / width);
    const last = Math.floor(((column + 1) * count) / width) - 1;
    let low = first;
    let high = first;
    for (let index = first + 1; index <= last; index++) {
      if (values[index]! < values[low]!) low = index;
      if (values[index]! > values[high]!) high = index;
    }
    for (const index of [first, Math.min(low, high), Math.max(low, high), last]) {
      if (kept.at(-1) !== index) kept.push(index);
    }
  }
  return kept;
}
