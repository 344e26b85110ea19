import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

/**
 * The height the rows are laid out in when the scrolling region has none (jsdom has no layout; a region not shown
 * yet): the window's, so such a region still draws a screenful of rows (and every row when they measure 0 high).
 */
const noLayoutHeight = () => (typeof window === 'undefined' ? 800 : window.innerHeight || 800);

/** One drawn item (a row, or a row group measured as one) and the empty height before it (spacer). */
export interface VirtualRow {
  index: number;
  key: number;
  /** Height of the rows not drawn between the previous drawn item (or the head) and this one. */
  gapBefore: number;
}

export interface VirtualRows {
  rows: VirtualRow[];
  /** Height of the rows not drawn after the last drawn one. */
  gapAfter: number;
  /** The ref of each drawn item's element (it carries `data-index`): measured, and re-measured when it resizes. */
  measure: (element: Element | null) => void;
  /** On the table: the item holding the keyboard's focus stays drawn while the region scrolls away from it. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Only the rows in view of `scroller` (and `overscan` either side) of a table whose rows follow `head` (its thead):
 * a live list re-renders and re-lays only those. Item heights are estimated, then measured (an expanded job's tasks).
 * The offset of the rows in the region (what stands above them: a caption, the head, a job builder) is measured
 * whenever the region's content resizes. The focused item is always drawn, so focus never falls to the page when
 * its row scrolls out; the keyboard reaches the next rows because focusing a row scrolls it into view, which draws
 * the rows after it.
 */
export function useVirtualRows({ count, keyOf, estimate, scroller, head, overscan = 6 }: {
  count: number;
  keyOf: (index: number) => number;
  estimate: (index: number) => number;
  scroller: RefObject<HTMLElement | null>;
  head: RefObject<HTMLElement | null>;
  overscan?: number;
}): VirtualRows {
  const focusedKey = useRef<number | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const region = scroller.current;
    const top = head.current;
    if (!region || !top) return undefined;
    const measure = () => {
      const margin = Math.round(top.getBoundingClientRect().bottom - region.getBoundingClientRect().top + region.scrollTop);
      setScrollMargin((previous) => (previous === margin ? previous : margin));
    };
    measure();
    // What stands above the rows resizing (the job builder opening) changes the region's content size.
    const content = top.closest('table')?.parentElement;
    const observer = typeof ResizeObserver === 'undefined' || !content ? undefined : new ResizeObserver(measure);
    if (content) observer?.observe(content);
    return () => observer?.disconnect();
  }, [scroller, head]);
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  // The virtualizer's functions are read during render only; nothing here is memoised by a compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: estimate,
    getItemKey: keyOf,
    overscan,
    scrollMargin,
    observeElementRect: (instance, notify) => observeElementRect(instance, (rect) => notify(rect.height > 0 ? rect : { width: rect.width, height: noLayoutHeight() })),
    rangeExtractor: (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const key = focusedKey.current;
      if (key === null) return indexes;
      let focused = -1;
      for (let index = 0; index < range.count; index++) {
        if (keyRef.current(index) === key) {
          focused = index;
          break;
        }
      }
      if (focused < 0 || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
  });
  const items = virtualizer.getVirtualItems();
  const rows: VirtualRow[] = [];
  let end = scrollMargin;
  for (const item of items) {
    rows.push({ index: item.index, key: item.key as number, gapBefore: Math.max(0, item.start - end) });
    end = item.end;
  }
  const gapAfter = count === 0 ? 0 : Math.max(0, virtualizer.getTotalSize() - virtualizer.options.paddingEnd - end);
  return {
    rows,
    gapAfter,
    measure: virtualizer.measureElement,
    onFocus: (event) => {
      const item = (event.target as Element).closest('[data-key]');
      focusedKey.current = item ? Number(item.getAttribute('data-key')) : null;
    },
    onBlur: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusedKey.current = null;
    },
  };
}
