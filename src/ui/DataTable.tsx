import type { ReactNode } from 'react';
import { VIRTUALISE_ROWS_OVER } from '../lib/list-constants';
import { lazyPart } from './lazy-part';
import { TableFrame, type DataTableProps } from './TableFrame';

export type { DataTableProps, RowSelection } from './TableFrame';

/**
 * A list's table: sortable headers are buttons with aria-sort; pages longer than 200 rows render only the
 * rows in view (@tanstack/react-virtual, loaded with the first such page: a list opens at 20 rows) inside a
 * scrolling region, keeping row semantics for screen readers (aria-rowcount / aria-rowindex). On a phone each row
 * is a card of "header value" lines (stackedTableCss); a virtualised page, whose rows must keep one height, scrolls
 * inside its own region instead.
 */
export function DataTable<Row extends { id: number }>(props: DataTableProps<Row>) {
  if (props.rows.length > VIRTUALISE_ROWS_OVER) return <VirtualDataTable {...props} />;
  return <TableFrame {...props} items={props.rows.map((_, index) => ({ index }))} />;
}

/** While the virtualiser loads, the page's first rows show in the same scrolling region. */
const VirtualDataTable = lazyPart(
  () => import('./VirtualDataTable'),
  (module) => module.VirtualDataTable,
  (props: DataTableProps<{ id: number }>) => <TableFrame {...props} virtual items={props.rows.slice(0, VIRTUALISE_ROWS_OVER).map((_, index) => ({ index }))} />,
  // Generic over the row as DataTable is (lazyPart's component is not).
) as <Row extends { id: number }>(props: DataTableProps<Row>) => ReactNode;

