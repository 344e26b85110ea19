/**
 * Texts of the territories screens and the polygon checks. The spec names the screens, the export
 * ("Territory Areas") and the entities (territory areas and exceptions, areaName); every message below is
 * ours, written so that it names the field it is about.
 */
export const TERRITORY_TEXTS = {
  territories: 'Territories',
  territory: 'territory',
  name: 'Name',
  active: 'Active',
  areas: 'Areas',
  exceptions: 'Exceptions',
  area: 'area',
  exception: 'exception',
  areaName: 'Area name',
  addArea: 'Add area',
  addException: 'Add exception',
  exportName: 'Territory Areas',
  vertices: 'Vertices',
  permissions: 'Permissions',
  exceptionHelp: 'An exception cuts a hole out of the territory\'s areas: addresses inside it are not served.',
} as const;

/** The permissions panel of a territory (ours). */
export const PERMISSION_TEXTS = {
  title: 'Permissions',
  none: 'No permissions yet: nobody is limited to this territory.',
  role: 'Role',
  user: 'User',
  grantRole: 'Grant to role',
  grantUser: 'Grant to user',
  label: (row: { role?: string | null; email?: string | null; userId?: number | null }): string =>
    (row.role ? `Role: ${row.role}` : `User: ${row.email ?? `#${row.userId}`}`),
  revoke: (label: string): string => `Revoke ${label}`,
  loading: 'Loading...',
  retry: 'Try again',
} as const;

/** The polygon editor (ours). */
export const POLYGON_TEXTS = {
  mapLabel: 'Polygon map',
  vertexList: 'Polygon vertices',
  draw: 'Draw polygon',
  cancel: 'Cancel drawing',
  close: 'Close polygon',
  redraw: 'Redraw',
  addVertex: 'Add vertex',
  removeVertex: (n: number): string => `Remove vertex ${n}`,
  vertex: (n: number): string => `Vertex ${n}`,
  latitude: 'Latitude',
  longitude: 'Longitude',
  save: 'Save',
  keyboardHelp: 'Click the map to add a vertex; click the first vertex to close the polygon. Select a vertex, then arrow keys move it, Delete removes it; Enter adds a vertex at the centre.',
  idle: 'No polygon yet. Choose Draw polygon, then click the map or type the coordinates of each vertex.',
  drawing: (n: number): string => `Drawing: ${n} ${n === 1 ? 'vertex' : 'vertices'}. Close the polygon when every vertex is placed.`,
  editing: (n: number): string => `Closed polygon with ${n} vertices. Drag a vertex or edit its coordinates.`,
  saving: 'Saving...',
  loading: 'Loading...',
  loadFailed: 'The area could not be loaded.',
  retry: 'Try again',
  conflictTitle: 'Someone else changed this area',
  keepMine: 'Keep my polygon',
  takeCurrent: 'Take the current version',
  place: 'Place',
  fit: 'Fit to polygon',
} as const;

/** Messages of the polygon checks, shared by the editor and the server (400 names `polygon`). */
export const POLYGON_ERRORS = {
  tooFew: 'Polygon: at least 3 distinct vertices are needed.',
  tooMany: (max: number): string => `Polygon: at most ${max} vertices are allowed.`,
  latitude: (n: number): string => `Polygon: vertex ${n} has a latitude outside -90 to 90.`,
  longitude: (n: number): string => `Polygon: vertex ${n} has a longitude outside -180 to 180.`,
  notClosed: 'Polygon: the ring is not closed (the last point must equal the first).',
  selfIntersecting: (a: number, b: number): string => `Polygon: edges ${a} and ${b} cross; a polygon may not intersect itself.`,
  duplicate: (n: number): string => `Polygon: vertex ${n} is already on the polygon.`,
  areaNameRequired: 'Area name is required',
} as const;
