// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions rows absolutely and adds and drops them as it scrolls, which <table> layout cannot; the ARIA grid roles say what <table> would.
// biome-ignore-all lint/a11y/useFocusableInteractive: every cell takes the roving tab stop (tabIndex 0 / -1) through a spread the rule cannot see; a link or button cell hands it to its widget.
// biome-ignore-all lint/a11y/useKeyWithClickEvents: keys are handled once on the grid (the ARIA grid key model), not per cell.
import { type CSSProperties, type MouseEvent, memo, type ReactNode } from 'react';
import type { DataGridColumn } from './DataGrid';
import type { GridCell } from './grid-focus';

export const cellId = (cell: GridCell) => `${cell.row}:${cell.column}`;

export const cellStyle = (width: string | undefined): CSSProperties =>
  width ? { flex: `0 0 ${width}`, width } : { flex: '1 1 0', minWidth: 0 };

export const SELECT_WIDTH = '2.5rem';

function defaultValue<Row>(row: Row, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

/** The column's content; link and button cells take the roving tab stop themselves (APG: a cell with one widget focuses the widget). */
function cellContent<Row>(
  row: Row,
  index: number,
  column: DataGridColumn<Row>,
  focusProps: { tabIndex: number; 'data-cell': string },
): { content: ReactNode; widget: boolean } {
  const text = column.value ? column.value(row) : defaultValue(row, column.key);
  if (column.href)
    return {
      content: (
        <a href={column.href(row)} {...focusProps}>
          {text}
        </a>
      ),
      widget: true,
    };
  if (column.onPress) {
    const onPress = column.onPress;
    return {
      content: (
        <button type="button" {...focusProps} onClick={() => onPress({ row, index })}>
          {text}
        </button>
      ),
      widget: true,
    };
  }
  return { content: text, widget: false };
}

/** The grid's handlers, one stable object so a row re-renders only when its own props change. */
export interface DataGridRowHandlers {
  onCellClick: (event: MouseEvent, cell: GridCell) => void;
  openRow: (index: number) => void;
}

interface DataGridRowProps<Row> {
  index: number;
  /** `undefined` while its page is loading: a placeholder row. */
  row: Row | undefined;
  isSelected: boolean;
  isSelectable: boolean;
  /** Column 0 is the selection column (multiple mode). */
  hasSelectColumn: boolean;
  /** The focused column when the focus is in this row, else `null`. */
  focusColumn: number | null;
  columns: readonly DataGridColumn<Row>[];
  renderCell: ((row: Row, column: DataGridColumn<Row>) => ReactNode) | undefined;
  rowHeight: number;
  loadingLabel: string;
  handlers: DataGridRowHandlers;
}

function DataGridRowImpl<Row>(props: DataGridRowProps<Row>) {
  const { index, row, isSelected, columns, renderCell, rowHeight, handlers, focusColumn } = props;
  const offset = props.hasSelectColumn ? 1 : 0;
  const focusProps = (column: number) => ({
    tabIndex: focusColumn === column ? 0 : -1,
    'data-cell': cellId({ row: index, column }),
  });
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={props.isSelectable && row !== undefined ? isSelected : undefined}
      data-loading={row === undefined || undefined}
      data-selected={isSelected || undefined}
      className="procedo-DataGrid-row"
      style={{
        position: 'absolute',
        top: index * rowHeight,
        height: rowHeight,
        left: 0,
        right: 0,
        display: 'flex',
      }}
      onDoubleClick={() => handlers.openRow(index)}
    >
      {props.hasSelectColumn && (
        <div
          role="gridcell"
          aria-colindex={1}
          {...focusProps(0)}
          className="procedo-DataGrid-cell procedo-DataGrid-select"
          style={cellStyle(SELECT_WIDTH)}
          onClick={(event) => handlers.onCellClick(event, { row: index, column: 0 })}
        >
          <span aria-hidden="true">{isSelected ? '☑' : '☐'}</span>
        </div>
      )}
      {columns.map((column, columnIndex) => {
        const cell = { row: index, column: columnIndex + offset };
        const { content, widget } =
          row === undefined
            ? { content: columnIndex === 0 ? props.loadingLabel : null, widget: false }
            : renderCell
              ? { content: renderCell(row, column), widget: false }
              : cellContent(row, index, column, focusProps(cell.column));
        return (
          <div
            key={column.key}
            role="gridcell"
            aria-colindex={cell.column + 1}
            {...(widget ? {} : focusProps(cell.column))}
            className="procedo-DataGrid-cell"
            style={cellStyle(column.width)}
            onClick={(event) => handlers.onCellClick(event, cell)}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
}

/** One row of a {@link DataGrid}, re-rendered only when its own props change (scrolling leaves most rows alone). */
export const DataGridRow = memo(DataGridRowImpl) as typeof DataGridRowImpl;
