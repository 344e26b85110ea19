import type { AreaKind } from '../../machines/territories/polygon-editor.types';

/** The nested routes of a territory's areas and exceptions (000 section 2). */
export const territoryPaths = (territoryId: number) => ({
  edit: `/territories/edit/${territoryId}`,
  list: (kind: AreaKind) => `/territories/${territoryId}/${kind === 'exception' ? 'exceptions' : 'areas'}`,
  add: (kind: AreaKind) => `/territories/edit/${territoryId}/${kind === 'exception' ? 'exceptions' : 'areas'}/add`,
  area: (kind: AreaKind, areaId: number | string) => `/territories/${territoryId}/${kind === 'exception' ? 'exceptions' : 'areas'}/${areaId}`,
});

/** Which kind a territory path is about: its segment after the id says so. */
export const kindOfPath = (pathname: string): AreaKind => (/\/exceptions(\/|$)/.test(pathname) ? 'exception' : 'area');
