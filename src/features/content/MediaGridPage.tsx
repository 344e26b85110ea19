import { Alert, Badge, Button, chakra, Dialog, HStack, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Actor } from 'xstate';
import { usePortal } from '../../machines/root/root-actor';
import { DATE_FORMATS, DIALOG_WIDTHS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { CONTENT_TEXTS } from '../../lib/content-texts';
import { resourceForPath, resourceOf, type ResourceId } from '../../resources';
import { isMediaItem, type MediaItem } from '../../resources/media';
import { LIST_TEXTS } from '../../lib/resource-texts';
import type { listMachine } from '../../machines/lists/list.machine';
import { AdminPage } from '../../ui/AdminPage';
import { Filters } from '../../ui/Filters';
import { Pagination } from '../../ui/Pagination';
import { useResourceList } from '../../ui/admin/use-resource-list';
import { useResources } from '../../ui/use-resources';

/** /media/delivery-pictures, /media/delivery-signatures, /media/profile-pictures: which one is the route's. */
export function Component() {
  const location = useLocation();
  const found = resourceForPath(location.pathname.replace(/\/+$/, ''));
  if (!found) throw new Error(`No media screen for ${location.pathname}`);
  return <MediaGrid key={found.id} resourceId={found.id} />;
}

function MediaGrid({ resourceId }: { resourceId: ResourceId }) {
  // The declaration first: the list actor reads it when it starts.
  useResources([resourceId]);
  const resource = resourceOf(resourceId);
  const actor = useResourceList(resourceId);
  const portal = usePortal();
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }} readOnly>
      <MediaGridView actor={actor} timeZone={portal.timeZone} />
    </AdminPage>
  );
}

const scoreColour = (score: number | null) => (score === null ? 'gray' : score >= 70 ? 'green' : score >= 40 ? 'orange' : 'red');

function ScoreBadge({ score }: { score: number | null }) {
  return (
    <Badge colorPalette={scoreColour(score)} variant="solid">
      {CONTENT_TEXTS.aiScore} {score ?? CONTENT_TEXTS.aiScoreNotMeasured}
    </Badge>
  );
}

/**
 * The thumbnail grid of a media list actor: filters, sort by date or aiScore, paging; a thumbnail opens the
 * full image. Images load from the signed URLs the server gives each item.
 */
export function MediaGridView({ actor, timeZone }: { actor: Actor<typeof listMachine>; timeZone: string }) {
  const params = useSelector(actor, (s) => s.context.params);
  const page = useSelector(actor, (s) => s.context.page);
  const id = useSelector(actor, (s) => s.context.resource);
  const error = useSelector(actor, (s) => s.context.error);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const loadingTag = useSelector(actor, (s) => s.hasTag('loading'));
  const resource = resourceOf(id);
  const [opened, setOpened] = useState<MediaItem | null>(null);
  const when = (item: MediaItem) => formatDate(item.createdAt, DATE_FORMATS.dateTime, timeZone);
  const caption = (item: MediaItem) => item.waybill ?? item.userEmail ?? `#${item.id}`;
  const items = (page?.items ?? []).filter(isMediaItem);
  return (
    <Stack gap={3}>
      <Filters filters={resource.filters} values={params.filters}
        onChange={(name, value) => actor.send({ type: 'list.filter', name, value })} onClear={() => actor.send({ type: 'list.clearFilters' })} />
      <HStack gap={2} role="group" aria-label={LIST_TEXTS.sortBy}>
        <Text fontSize="sm">{LIST_TEXTS.sortBy}</Text>
        {resource.columns.filter((column) => column.sortKey).map((column) => {
          const active = params.sortBy === column.sortKey;
          const arrow = active ? (params.sortDirection === 'desc' ? ' ↓' : ' ↑') : '';
          return (
            <Button key={column.key} size="xs" variant={active ? 'solid' : 'outline'} aria-pressed={active}
              onClick={() => actor.send({ type: 'list.sort', sortBy: column.sortKey! })}>
              {column.header}{arrow}
            </Button>
          );
        })}
      </HStack>
      {inFailed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'list.retry' })}>{LIST_TEXTS.tryAgain}</Button>
        </Alert.Root>
      )}
      {loadingTag && !page && <div role="status">{LIST_TEXTS.loading}</div>}
      {page && (
        <>
          {items.length === 0 ? <Text>{CONTENT_TEXTS.noMedia}</Text> : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, md: 4, lg: 6 }} gap={3} aria-label={resource.title}
              aria-busy={loadingTag}>
              {items.map((item) => (
                <chakra.li key={item.id} borderWidth="1px" borderRadius="md" bg="bg" overflow="hidden">
                  <chakra.button type="button" display="block" width="100%" cursor="zoom-in" onClick={() => setOpened(item)}
                    aria-label={CONTENT_TEXTS.open(`${resource.singular} ${caption(item)}`)}>
                    <chakra.img src={item.imageUrl} alt={`${resource.singular} ${caption(item)}`} loading="lazy"
                      width="100%" height="120px" objectFit="contain" bg="white" />
                  </chakra.button>
                  <Stack gap={1} p={2} fontSize="xs">
                    <ScoreBadge score={item.aiScore} />
                    <Text truncate>{caption(item)}</Text>
                    <Text color="fg.muted">{when(item)}</Text>
                  </Stack>
                </chakra.li>
              ))}
            </SimpleGrid>
          )}
          <Pagination page={page.paging.page} totalPages={page.paging.totalPages} totalItems={page.paging.totalItems}
            pageSize={params.pageSize} pageSizes={resource.pageSizes}
            onPage={(next) => actor.send({ type: 'list.page', page: next })} onPageSize={(size) => actor.send({ type: 'list.pageSize', pageSize: size })} />
        </>
      )}
      <Dialog.Root recipe={dialogSlotRecipe} open={opened !== null} onOpenChange={(details) => { if (!details.open) setOpened(null); }} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW={`${DIALOG_WIDTHS.md}px`} mx={4}>
              {opened && (
                <>
                  <Dialog.Header>
                    <Dialog.Title>{`${resource.singular} ${caption(opened)}`}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap={3}>
                      <chakra.img src={opened.imageUrl} alt={`${resource.singular} ${caption(opened)}`} maxH="70vh" objectFit="contain" mx="auto" />
                      <HStack gap={3} wrap="wrap" fontSize="sm">
                        <ScoreBadge score={opened.aiScore} />
                        {opened.width !== null && <Text>{opened.width} × {opened.height}</Text>}
                        <Text>{Math.round(opened.byteSize / 1024)} KB</Text>
                        <Text>{when(opened)}</Text>
                        {opened.userEmail && <Text>{opened.userEmail}</Text>}
                      </HStack>
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={() => setOpened(null)}>{CONTENT_TEXTS.close}</Button>
                  </Dialog.Footer>
                </>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
