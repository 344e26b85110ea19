import { COMPANY_ROLES, hasAnyRole, STAFF_ROLES, STORE_ROLES, type Permissions, type Role } from './roles';

// The real-time hubs of 002 section 7 ("Real-time connections"): hub paths, the methods a client invokes, the
// events it receives and who may subscribe. Shared by the server (server/realtime) and the client
// (src/api/realtime.ts); the contract is written out in openapi/realtime.md.

export const HUB_PATHS = {
  dashboard: '/hubs/dashboard',
  identity: '/hubs/identity',
  tracking: '/hubs/tracking',
  // Issue 19: the chat widget's visitor, live answers to their own conversation (no sign-in; the token is the key).
  chat: '/hubs/chat',
} as const;

export type HubName = keyof typeof HUB_PATHS;

/** The dashboard hub's subscription types (each has subscribeTo<Type> and unsubscribeFrom<Type>). */
export const DASHBOARD_TOPICS = [
  'CoordinateUpdates',
  'JobTaskUpdates',
  'Deliveries',
  'Jobs',
  'Users',
  'BulkIndexer',
  'WebNotifications',
  // Issue 20: the messaging window's messages (a driver's own conversation; staff all).
  'Messages',
] as const;

export type DashboardTopic = (typeof DASHBOARD_TOPICS)[number];
export type LiveTopic = DashboardTopic | 'MyIdentity' | 'TrackingUpdates' | 'VisitorChat';

/** The event (client method) each topic delivers; the identity topic has three. */
export const LIVE_EVENTS = {
  CoordinateUpdates: ['coordinate'],
  JobTaskUpdates: ['jobTask'],
  Deliveries: ['delivery'],
  Jobs: ['job'],
  Users: ['user'],
  BulkIndexer: ['bulkIndexer'],
  WebNotifications: ['webNotification'],
  Messages: ['message'],
  MyIdentity: ['userId', 'refreshToken', 'reloadProfile'],
  TrackingUpdates: ['trackingUpdate'],
  VisitorChat: ['visitorChatMessage'],
} as const satisfies Record<LiveTopic, readonly string[]>;

export type LiveEvent<T extends LiveTopic = LiveTopic> = (typeof LIVE_EVENTS)[T][number];

/** Which topics each hub serves. */
export const HUB_TOPICS = {
  dashboard: DASHBOARD_TOPICS,
  identity: ['MyIdentity'],
  tracking: ['TrackingUpdates'],
  chat: ['VisitorChat'],
} as const satisfies Record<HubName, readonly LiveTopic[]>;

export const subscribeMethod = (topic: LiveTopic) => `subscribeTo${topic}` as const;
export const unsubscribeMethod = (topic: LiveTopic) => `unsubscribeFrom${topic}` as const;

/**
 * Who may subscribe to what (derived from 002 section 6): deliveries like the deliveries list; jobs and tasks
 * like the jobs list plus the company roles of /dashboard/{id}; coordinates for staff and those company roles;
 * users like the users list; the bulk indexer like index management; everyone their own notifications and
 * identity. What each subscriber then receives is narrowed by its company/store scope on the server.
 * 'anyone' needs no sign-in (the tracking hub: the tracking hash is the capability).
 */
export const LIVE_TOPIC_ACCESS: Record<LiveTopic, readonly Role[] | 'signedIn' | 'anyone'> = {
  Deliveries: [...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES],
  Jobs: [...STAFF_ROLES, 'Partner', 'Driver', 'Assistant', 'CompanyAdministrator', 'CompanyOperator'],
  JobTaskUpdates: [...STAFF_ROLES, 'Partner', 'Driver', 'Assistant', 'CompanyAdministrator', 'CompanyOperator'],
  CoordinateUpdates: [...STAFF_ROLES, 'CompanyAdministrator', 'CompanyOperator'],
  Users: [...STAFF_ROLES],
  // Index management (administrator) and upload batches' submit progress (issue 16): staff, and the company and
  // store roles that upload delivery and store sheets (each hears its own batches only: scoped on the server).
  BulkIndexer: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'],
  WebNotifications: 'signedIn',
  Messages: [...STAFF_ROLES, 'Partner', 'Driver'],
  MyIdentity: 'signedIn',
  TrackingUpdates: 'anyone',
  // The conversation's token is the capability: a subscriber gets that one conversation's messages only.
  VisitorChat: 'anyone',
};

/** Hubs that accept a connection without a token. */
export const ANONYMOUS_HUBS: ReadonlySet<HubName> = new Set(['tracking', 'chat']);

export function maySubscribe(topic: LiveTopic, permissions: Permissions | undefined): boolean {
  const rule = LIVE_TOPIC_ACCESS[topic];
  if (rule === 'anyone') return true;
  if (!permissions) return false;
  if (rule === 'signedIn') return true;
  return hasAnyRole(permissions, rule);
}

/** Texts of the hubs' refusals (ours: the spec shows none). */
export const LIVE_TEXTS = {
  unknownMethod: (name: string): string => `Unknown hub method '${name}'`,
  badArguments: (name: string): string => `Invalid arguments for hub method '${name}'`,
  tokenExpired: 'The access token has expired',
  sessionEnded: 'The session has ended',
  shuttingDown: 'Server is shutting down',
  protocolNotSupported: (protocol: string): string => `The protocol '${protocol}' is not supported.`,
  versionNotSupported: (version: unknown, protocol: string): string =>
    `The server does not support version ${String(version)} of the '${protocol}' protocol.`,
  handshakeInvalid: 'Invalid handshake request.',
  /** The connection banner's button: try now instead of waiting for the countdown. */
  reconnectNow: 'Reconnect now',
} as const;

/**
 * Issue 20, live identity (002 section 7: "Live identity update: userId, refreshToken, reloadProfile"): the payload
 * of the identity hub's events. `reloadProfile`: reload the profile and the token (roles changed); a
 * `refreshToken`: the session's refresh token was rotated (the client refreshes to take it up); `revoked`: the
 * session was ended (the client signs out at once).
 */
export interface IdentityUpdate {
  userId: number;
  refreshToken: string | null;
  reloadProfile: boolean;
  revoked: boolean;
}
