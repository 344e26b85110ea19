import { Box, chakra } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { VIRTUALISE_ROWS_OVER } from '../lib/constants';
import { BULK_TEXTS } from '../resources/bulk';
import { LIST_TEXTS } from '../lib/resource-texts';
import type { ColumnDef } from '../resources/types';
import { stackedTableCss } from './table-styles';

export interface DataTableProps<Row extends { id: number }> {
  caption: string;
  columns: ColumnDef<Row>[];
  rows: Row[];
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  onSort?: (sortKey: string) => void;
  /** A link or button per row (edit), rendered in the first column. */
  rowAction?: (row: Row) => ReactNode;
  busy?: boolean;
  /** Row checkboxes (bulk actions): a checkbox per row named after the row, and one in the header for the page. */
  selection?: RowSelection<Row>;
}

export interface RowSelection<Row> {
  selected: readonly number[];
  onSelect: (id: number, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  /** The row's name in its checkbox's accessible name ("Select WBL000001"). */
  rowLabel: (row: Row) => string;
  disabled?: boolean;
}

const Checkbox = chakra('input');

/** The header's checkbox: checked when every row of the page is, mixed (indeterminate) when some are. */
function PageCheckbox({ rows, selection }: { rows: { id: number }[]; selection: RowSelection<never> }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.filter((row) => selection.selected.includes(row.id)).length;
  const all = rows.length > 0 && count === rows.length;
  const some = count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <Checkbox ref={ref} type="checkbox" aria-label={BULK_TEXTS.selectPage} checked={all}
      disabled={selection.disabled || rows.length === 0} onChange={() => selection.onSelectPage(!all)} cursor="pointer" />
  );
}

const ROW_HEIGHT = 41;
const ACTIONS = 'Actions';
const Table = chakra('table');
const Th = chakra('th');
const Td = chakra('td');

function cellText<Row extends { id: number }>(column: ColumnDef<Row>, row: Row): string {
  if (column.text) return column.text(row);
  const value = (row as Record<string, unknown>)[column.key];
  return value === null || value === undefined ? '' : String(value);
}

const CELL_CSS = { borderCollapse: 'collapse', '& th, & td': { padding: '8px', borderBottom: '1px solid #e2e2e2', textAlign: 'left' } } as const;

/**
 * A list's table: sortable headers are buttons with aria-sort; pages longer than 200 rows render only the
 * rows in view (@tanstack/react-virtual) inside a scrolling region, keeping row semantics for screen readers
 * (aria-rowcount / aria-rowindex). On a phone each row is a card of "header value" lines (stackedTableCss);
 * a virtualised page, whose rows must keep one height, scrolls inside its own region instead.
 */
export function DataTable<Row extends { id: number }>({ caption, columns, rows, sortBy, sortDirection, onSort, rowAction, busy, selection }: DataTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALISE_ROWS_OVER;
  // The virtualizer's functions are read during render only; the compiler skips memoising this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : rows.map((_, index) => ({ index, start: index * ROW_HEIGHT }));
  const paddingTop = virtual && items.length > 0 ? items[0]!.start : 0;
  const paddingBottom = virtual && items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.start + ROW_HEIGHT) : 0;
  const columnCount = columns.length + (rowAction ? 1 : 0) + (selection ? 1 : 0);

  return (
    <Box ref={scroller} overflow="auto" maxH={virtual ? '70vh' : undefined} tabIndex={virtual ? 0 : undefined}
      role={virtual ? 'region' : undefined} aria-label={virtual ? caption : undefined}>
      <Table role="table" width="100%" fontSize="sm" aria-busy={busy || undefined} aria-rowcount={rows.length + 1}
        css={virtual ? CELL_CSS : { ...CELL_CSS, ...stackedTableCss }}>
        <chakra.caption srOnly>{caption}</chakra.caption>
        <chakra.thead role="rowgroup" position="sticky" top={0} bg="white" zIndex={1}>
          <tr role="row" aria-rowindex={1}>
            {selection && <Th role="columnheader" scope="col" width="1%"><PageCheckbox rows={rows} selection={selection as RowSelection<never>} /></Th>}
            {rowAction && <Th role="columnheader" scope="col" data-static=""><chakra.span srOnly>{ACTIONS}</chakra.span></Th>}
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && column.sortKey === sortBy;
              const ariaSort = sorted ? (sortDirection === 'asc' ? 'ascending' : 'descending') : column.sortKey ? 'none' : undefined;
              return (
                <Th key={column.key} role="columnheader" scope="col" aria-sort={ariaSort} data-static={column.sortKey && onSort ? undefined : ''}>
                  {column.sortKey && onSort ? (
                    <chakra.button type="button" fontWeight="bold" onClick={() => onSort(column.sortKey!)}>
                      {column.header}
                      <span aria-hidden="true">{sorted ? (sortDirection === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </chakra.button>
                  ) : <chakra.span fontWeight="bold">{column.header}</chakra.span>}
                </Th>
              );
            })}
          </tr>
        </chakra.thead>
        <tbody role="rowgroup">
          {rows.length === 0 && (
            <tr role="row"><Td role="cell" colSpan={columnCount}>{LIST_TEXTS.noRows}</Td></tr>
          )}
          {paddingTop > 0 && <tr aria-hidden="true"><td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} /></tr>}
          {items.map(({ index }) => {
            const row = rows[index]!;
            return (
              <tr key={row.id} role="row" aria-rowindex={index + 2} style={{ height: ROW_HEIGHT }}>
                {selection && (
                  <Td role="cell">
                    <Checkbox type="checkbox" aria-label={BULK_TEXTS.selectRow(selection.rowLabel(row))} checked={selection.selected.includes(row.id)}
                      disabled={selection.disabled} onChange={(event) => selection.onSelect(row.id, event.currentTarget.checked)} cursor="pointer" />
                  </Td>
                )}
                {rowAction && <Td role="cell" data-label={ACTIONS}>{rowAction(row)}</Td>}
                {columns.map((column) => <Td key={column.key} role="cell" data-label={column.header}>{cellText(column, row)}</Td>)}
              </tr>
            );
          })}
          {paddingBottom > 0 && <tr aria-hidden="true"><td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} /></tr>}
        </tbody>
      </Table>
    </Box>
  );
}
