/**
 * `@procedo/forms-react/column-list`: the column-list selector (spec §2), an entry of its own because
 * its two react-aria list boxes bring react-aria's collection and selection code, which no other
 * widget of the main entry needs. A page loads it when the user opens the column choice (the
 * reference host: its **Columns** button).
 */
export type { ColumnListSelectorProps, ColumnOption } from './fields/ColumnListSelector';
export { ColumnListSelector, moveColumns } from './fields/ColumnListSelector';
