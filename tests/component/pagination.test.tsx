import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { Pagination } from '../../src/ui/Pagination';
import { system } from '../../src/ui/theme';

const renderPagination = (props: Partial<Parameters<typeof Pagination>[0]> = {}) => {
  const onPage = vi.fn();
  render(
    <ChakraProvider value={system}>
      <Pagination page={2} totalPages={3} totalItems={45} pageSize={20} pageSizes={[20, 50]} onPage={onPage} onPageSize={() => undefined} {...props} />
    </ChakraProvider>,
  );
  return { onPage };
};

describe('Pagination', () => {
  it('an exact total as "n records"; previous and next move a page', () => {
    const { onPage } = renderPagination();
    expect(screen.getByText('45 records')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.nextPage }));
    fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.previousPage }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it("the server's estimate as \"About n records\"", () => {
    renderPagination({ totalItems: 1_204_311, totalPages: 60_216, estimated: true });
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(LIST_TEXTS.aboutTotalItems(1_204_311));
    expect(LIST_TEXTS.aboutTotalItems(1_204_311)).toMatch(/^About 1.204.311 records$/);
  });
});
