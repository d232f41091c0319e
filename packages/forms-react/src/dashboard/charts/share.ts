/** Whole percent of `value` in `total`, e.g. `"42 %"` (a pie's legend and its table's Share column). */
export const shareText = (value: number, total: number): string =>
  `${total === 0 ? 0 : Math.round((value / total) * 100)} %`;
