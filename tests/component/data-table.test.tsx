import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../../src/ui/theme';
import type { ColumnDef } from '../../src/resources/types';
import { DataTable } from '../../src/ui/DataTable';

type Row = { id: number; name: string };
const columns: ColumnDef<Row>[] = [{ key: 'name', header: 'Name', sortKey: 'name' }, { key: 'id', header: 'Id' }];
const rows = (n: number) => Array.from({ length: n }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}` }));

function renderTable(count: number, onSort = vi.fn()) {
  render(<ChakraProvider value={system}><DataTable caption="Things" columns={columns} rows={rows(count)} sortBy="name" sortDirection="desc" onSort={onSort} /></ChakraProvider>);
  return onSort;
}

describe('DataTable', () => {
  it('sortable headers are buttons with aria-sort; others are plain', () => {
    const onSort = renderTable(3);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Id' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('pages over 200 rows render only part of the rows, with the full row count announced', async () => {
    renderTable(500);
    // Rows counted from the DOM: role queries over hundreds of rows take seconds in jsdom.
    const drawn = () => document.querySelectorAll('tbody tr[role="row"]').length;
    // The first 200 rows while the virtualiser loads (it comes with the first long page), in the same region.
    expect(drawn()).toBe(200);
    expect(document.querySelector('[role="region"][aria-label="Things"] table')?.getAttribute('aria-rowcount')).toBe('501');
    await waitFor(() => expect(drawn()).toBeLessThan(100), { timeout: 10_000 });
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('501');
    expect(screen.getByRole('region', { name: 'Things' })).toBeTruthy();
  });

  it('an empty page says so', () => {
    renderTable(0);
    expect(screen.getByText('No records found.')).toBeTruthy();
  });

  it("labels every cell with its column, which a phone shows on each row's card", () => {
    renderTable(2);
    const cells = screen.getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([['Name', 'Row 1'], ['Id', '1']]);
    // The header without a sort button steps aside on a phone; the sort buttons stay.
    expect(screen.getByRole('columnheader', { name: 'Id' }).hasAttribute('data-static')).toBe(true);
    expect(screen.getByRole('columnheader', { name: /Name/ }).hasAttribute('data-static')).toBe(false);
  });
});
