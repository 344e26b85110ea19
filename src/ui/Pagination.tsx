import { Button, HStack, Text } from '@chakra-ui/react';
import { LIST_TEXTS } from '../lib/resource-texts';
import { Select } from './Select';

export interface PaginationProps {
  page: number;
  totalPages: number;
  totalItems: number;
  /** The total is the server's estimate: "About n records". */
  estimated?: boolean;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Previous / next with "Page n of m", the record count and the page-size choice (000 section 9). */
export function Pagination({ page, totalPages, totalItems, estimated = false, pageSize, pageSizes, onPage, onPageSize }: PaginationProps) {
  return (
    <HStack as="nav" aria-label="Pagination" gap={3} wrap="wrap" justify="space-between" py={2}>
      <Text aria-live="polite">{estimated ? LIST_TEXTS.aboutTotalItems(totalItems) : LIST_TEXTS.totalItems(totalItems)}</Text>
      {/* Wraps rather than squeezing the page size to one clipped digit on a phone. */}
      <HStack gap={2} wrap="wrap">
        <Select label={LIST_TEXTS.rowsPerPage} value={pageSize} width="5.5rem" onChange={(value) => onPageSize(Number(value))}>
          {pageSizes.map((size) => <option key={size} value={size}>{size}</option>)}
        </Select>
        <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>{LIST_TEXTS.previousPage}</Button>
        <Text whiteSpace="nowrap">{LIST_TEXTS.pageOf(page, totalPages)}</Text>
        <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>{LIST_TEXTS.nextPage}</Button>
      </HStack>
    </HStack>
  );
}
