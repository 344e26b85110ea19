import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { MEDIA_SCREENS } from '../lib/content-texts';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import { toApiQuery } from './query';
import type { ResourceDef, ResourceId, ResourceRow } from './types';

export type MediaItem = EntityRow<'media'>;

/**
 * A row of a media list as the grid reads it. The list machine holds every resource's rows as plain resource
 * rows; the grid checks the fields it shows (what getmedia answers) rather than asserting them.
 */
export function isMediaItem(row: ResourceRow): row is MediaItem {
  return 'createdAt' in row && typeof row.createdAt === 'string' && 'imageUrl' in row && typeof row.imageUrl === 'string'
    && 'aiScore' in row && (row.aiScore === null || typeof row.aiScore === 'number')
    && 'waybill' in row && 'userEmail' in row && 'byteSize' in row && 'width' in row && 'height' in row;
}
export type MediaKind = components['schemas']['CntMediaKind'];

const NOT_A_FORM = 'Media items are read-only';

/**
 * Media (000 section 2: /media/delivery-pictures, /media/delivery-signatures, /media/profile-pictures; 002
 * section 3 "Media item: id, aiScore"): one read-only resource per kind, shown as a thumbnail grid
 * (src/features/content/MediaGridPage.tsx). There is no edit screen: the edit route is the list itself.
 */
function mediaResource(id: ResourceId, kind: MediaKind): ResourceDef<MediaItem> {
  const screen = MEDIA_SCREENS[kind];
  const resource: ResourceDef<MediaItem> = {
    id,
    title: screen.title,
    singular: screen.item,
    routes: { list: screen.path, edit: screen.path },
    operations: { list: 'getmedia', get: 'getmediaitem', update: 'getmediaitem' },
    columns: [
      { key: 'createdAt', header: 'Date', sortKey: 'createdAt' },
      { key: 'aiScore', header: 'aiScore', sortKey: 'aiScore' },
    ],
    filters: [
      { kind: 'date', name: 'startDate', label: 'From' },
      { kind: 'date', name: 'endDate', label: 'To' },
      { kind: 'range', name: 'aiScore', label: 'aiScore', min: 0, max: 100 },
      ...(kind === 'profilePicture'
        ? [{ kind: 'lookup', name: 'appuserid', label: 'User id', resource: 'users' } as const]
        : [{ kind: 'lookup', name: 'deliveryId', label: 'Delivery id', resource: 'deliveries' } as const]),
    ],
    fields: [],
    defaultSort: 'createdAt',
    pageSizes: PAGE_SIZE_OPTIONS,
    exportName: screen.title,
    createOpensEdit: false,
    label: (row) => `${screen.item} ${row.id}`,
    api: resourceApi(entityCalls('media'), {
      row: asIs, record: asIs,
      query: (params) => ({ ...toApiQuery({ ...params, search: '' }), kind }),
      readOnly: NOT_A_FORM,
      select: 'none',
    }),
  };
  return resource;
}

export const deliveryPicturesResource = mediaResource('deliveryPictures', 'deliveryPicture');
export const deliverySignaturesResource = mediaResource('deliverySignatures', 'deliverySignature');
export const profilePicturesResource = mediaResource('profilePictures', 'profilePicture');
