import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { ROW_HEIGHT, TableFrame, type DataTableProps } from './TableFrame';

/** A page longer than VIRTUALISE_ROWS_OVER: only the rows in view (and a few either side) are drawn. */
export function VirtualDataTable<Row extends { id: number }>(props: DataTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions are read during render only; the compiler skips memoising this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0]!.start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.start + ROW_HEIGHT) : 0;
  return <TableFrame {...props} virtual scroller={scroller} items={items} paddingTop={paddingTop} paddingBottom={paddingBottom} />;
}
