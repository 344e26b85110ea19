import { Box, chakra } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
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

export const ROW_HEIGHT = 41;
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

export interface TableFrameProps<Row extends { id: number }> extends DataTableProps<Row> {
  /** The rows drawn, by index in `rows`. */
  items: { index: number }[];
  /** Only the rows in view are drawn: the table scrolls in its own region, spacers stand for the others. */
  virtual?: boolean;
  scroller?: RefObject<HTMLDivElement | null>;
  paddingTop?: number;
  paddingBottom?: number;
}

/** The table itself, drawn whole or in part (VirtualDataTable.tsx). */
export function TableFrame<Row extends { id: number }>({
  caption, columns, rows, sortBy, sortDirection, onSort, rowAction, busy, selection, items, virtual = false, scroller, paddingTop = 0, paddingBottom = 0,
}: TableFrameProps<Row>) {
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
