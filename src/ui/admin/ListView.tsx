import { Alert, Button, HStack, Input, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Actor } from 'xstate';
import { MIN_SEARCH_LENGTH } from '../../lib/list-constants';
import { STICKY_TOP } from '../../lib/shell-constants';
import { SEARCH_TEXTS } from '../../lib/search-texts';
import { useResource } from '../use-resources';
import { LIST_TEXTS } from '../../lib/resource-texts';
import type { BulkActionDef, ResourceRow } from '../../resources/types';
import type { listMachine } from '../../machines/lists/list.machine';
import { DataTable } from '../DataTable';
import { ExportButton } from '../ExportButton';
import { Filters } from '../Filters';
import { Pagination } from '../Pagination';
import { lazyPart } from '../lazy-part';

// The bulk action bar (with its confirm dialog and date field) loads with the first list that has bulk actions, not with
// every list (issue 19, "A fast first load": the hubs list has none). It shows nothing until rows are selected.
const BulkActionBar = lazyPart(() => import('./BulkActionBar'), (module) => module.BulkActionBar, () => null);

/**
 * The list of a resource, drawn from its list actor: search, filters, export (where the server has one), table,
 * paging. Each row links to its edit screen for those who may, unless the screen gives its own `rowAction`.
 */
export function ListView({ actor, mayEdit, rowAction, bulkActions = [], selectable = false, selectionTools }: {
  actor: Actor<typeof listMachine>;
  mayEdit: boolean;
  rowAction?: (row: ResourceRow) => ReactNode;
  /** The resource's bulk actions this caller may run: with any, each row gets a checkbox and the bar appears. */
  bulkActions?: readonly BulkActionDef[];
  /** Rows get checkboxes even without bulk actions (the screen acts on the selection itself: building a job). */
  selectable?: boolean;
  /** The screen's own tools for the selected rows (the job builder), kept in view with the bulk action bar. */
  selectionTools?: ReactNode;
}) {
  const params = useSelector(actor, (s) => s.context.params);
  const page = useSelector(actor, (s) => s.context.page);
  const searchText = useSelector(actor, (s) => s.context.searchText);
  const id = useSelector(actor, (s) => s.context.resource);
  const cca2 = useSelector(actor, (s) => s.context.cca2);
  const error = useSelector(actor, (s) => s.context.error);
  const selected = useSelector(actor, (s) => s.context.selected);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const busyTag = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const resource = useResource(id);
  const tooShort = searchText.trim().length > 0 && searchText.trim().length < MIN_SEARCH_LENGTH;
  return (
    <Stack gap={3}>
      <Stack direction={{ base: 'column', md: 'row' }} gap={3} justify="space-between">
        <Input size="sm" maxW="320px" type="search" aria-label={LIST_TEXTS.search} placeholder={LIST_TEXTS.search} value={searchText}
          onChange={(event) => actor.send({ type: 'list.search', text: event.currentTarget.value })} />
        <HStack gap={2} wrap="wrap" align="start">
          {resource.api.exportFile && (
            <ExportButton fileName={resource.exportNameOf?.(params) ?? resource.exportName} request={(signal) => resource.api.exportFile!(cca2, params, signal)} />
          )}
          {resource.moreExports?.map((file) => (
            <ExportButton key={file.fileName} label={file.label} fileName={file.fileName} request={(signal) => file.request(cca2, params, signal)} />
          ))}
        </HStack>
      </Stack>
      {tooShort && <Stack fontSize="sm" aria-live="polite">{SEARCH_TEXTS.minimum(MIN_SEARCH_LENGTH)}</Stack>}
      <Filters filters={resource.filters} values={params.filters} cca2={cca2}
        onChange={(name, value, clear) => actor.send({ type: 'list.filter', name, value, clear })} onClear={() => actor.send({ type: 'list.clearFilters' })} />
      {inFailed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'list.retry' })}>{LIST_TEXTS.tryAgain}</Button>
        </Alert.Root>
      )}
      {loadingTag && !page && <div role="status">{LIST_TEXTS.loading}</div>}
      {/* Under the header while the page scrolls: the row just ticked may be far down the list, on a phone always. */}
      {page && (bulkActions.length > 0 || selectionTools) && (
        <Stack gap={2} position="sticky" top={STICKY_TOP} zIndex="docked" bg="bg" _empty={{ display: 'none' }}>
          {bulkActions.length > 0 && <BulkActionBar actor={actor} actions={bulkActions} />}
          {selectionTools}
        </Stack>
      )}
      {page && (
        <>
          <DataTable caption={resource.title} columns={resource.columns} rows={page.items} sortBy={params.sortBy}
            sortDirection={params.sortDirection} busy={loadingTag}
            onSort={(sortBy) => actor.send({ type: 'list.sort', sortBy })}
            selection={bulkActions.length > 0 || selectable ? {
              selected, rowLabel: (row) => resource.label(row), disabled: busyTag,
              onSelect: (rowId, on) => actor.send({ type: 'list.select', id: rowId, selected: on }),
              onSelectPage: (on) => actor.send({ type: 'list.selectPage', selected: on }),
            } : undefined}
            rowAction={rowAction ?? (mayEdit ? (row) => (
              <RouterLink to={resource.routes.edit.replace(':id', String(row.id))} aria-label={`Edit ${resource.label(row)}`}>Edit</RouterLink>
            ) : undefined)} />
          <Pagination page={page.paging.page} totalPages={page.paging.totalPages} totalItems={page.paging.totalItems} estimated={page.paging.totalItemsIsEstimate}
            pageSize={params.pageSize} pageSizes={resource.pageSizes}
            onPage={(next) => actor.send({ type: 'list.page', page: next })} onPageSize={(size) => actor.send({ type: 'list.pageSize', pageSize: size })} />
        </>
      )}
    </Stack>
  );
}
