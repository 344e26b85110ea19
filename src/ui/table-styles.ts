import { THEME } from '../lib/shell-constants';
import { LIST_TEXTS } from '../lib/resource-texts';

/** Below the md breakpoint (a phone): the widths where a table's columns do not fit. */
export const BELOW_MD = `@media screen and (max-width: ${THEME.breakpoints.md - 0.02}px)`;

/**
 * A table that becomes a stack of cards on a phone (issue 21 item 17): each row is a card and each cell a line
 * "Header  value", read from the cell's data-label; the header row stays as a wrap of its sort buttons (and the
 * page checkbox). From md up it is the plain table. The elements keep explicit table roles, since some browsers
 * drop a table's semantics once its display changes.
 */
export const stackedTableCss = {
  [BELOW_MD]: {
    display: 'block',
    '& > thead, & > tbody': { display: 'block' },
    '& > thead > tr': { display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', paddingBottom: '2' },
    '& > thead > tr > th': { display: 'block', border: 'none', padding: '0' },
    // The sort buttons read as buttons (chips) after the spec's "Sort by"; screen readers have the headers' aria-sort.
    '& > thead > tr:has(th > button)::before': { content: `"${LIST_TEXTS.sortBy}"`, color: 'fg.muted', fontSize: 'xs' },
    '& > thead > tr > th > button': { borderWidth: '1px', borderColor: 'border', borderRadius: 'full', paddingInline: '2', paddingBlock: '0.5' },
    // Headers without a sort button say nothing on their own on a card layout: each card says them.
    '& > thead > tr > th[data-static]': { display: 'none' },
    '& > tbody > tr': {
      display: 'block', height: 'auto !important', marginBottom: '3', padding: '2',
      borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg',
    },
    '& > tbody > tr > td': {
      display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3',
      border: 'none', padding: '1', textAlign: 'end', whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0,
    },
    '& > tbody > tr > td[data-label]::before': {
      content: 'attr(data-label)', fontWeight: 'semibold', textAlign: 'start', flexShrink: 0, maxWidth: '50%',
    },
    '& > tbody > tr > td:empty': { display: 'none' },
  },
} as const;
