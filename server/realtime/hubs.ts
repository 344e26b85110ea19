import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import {
  HUB_TOPICS, LIVE_TEXTS, maySubscribe, subscribeMethod, unsubscribeMethod, type HubName, type LiveTopic,
} from '../../src/lib/realtime';
import type { Permissions } from '../../src/lib/roles';
import { visitorTokenHash } from '../domain/visitor-chat';
import type { LiveMessage } from './publish';
import { visibleTo } from './scope';

/** One subscription of a connection: what it asked for, and which of the topic's messages it wants. */
export interface Subscription {
  topic: LiveTopic;
  /** Identifies it for unsubscribe: the topic, or the topic with its arguments (tracking). */
  key: string;
  wants(message: LiveMessage, permissions: Permissions | undefined): boolean;
}

export class HubMethodError extends Error {}

export type HubMethodOutcome = { subscribe: Subscription } | { unsubscribe: string };

type MethodHandler = (args: unknown[], permissions: Permissions | undefined) => HubMethodOutcome;

function numbers(value: unknown): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => Number.isInteger(item))) throw new TypeError('not a list of ids');
  return value as number[];
}

function scoped(topic: LiveTopic): Subscription {
  return { topic, key: topic, wants: (message, permissions) => visibleTo(message.scope, permissions) };
}

/** Notifications, optionally only some types (the spec's `webNotificationTypeIds`). */
function notifications(typeIds: number[] | undefined): Subscription {
  const wanted = typeIds && typeIds.length > 0 ? new Set(typeIds) : undefined;
  return {
    topic: 'WebNotifications',
    key: 'WebNotifications',
    wants: (message, permissions) =>
      visibleTo(message.scope, permissions) && (!wanted || (message.typeId !== undefined && wanted.has(message.typeId))),
  };
}

function trackingKey(trackingHashId: string, driverId: number | null): string {
  return `TrackingUpdates:${trackingHashId}:${driverId ?? ''}`;
}

/** The tracking hash is the capability (the tracking page needs no sign-in); a driver id narrows it to that driver. */
function tracking(args: unknown[]): { trackingHashId: string; driverId: number | null } {
  const [trackingHashId, driverId] = args;
  if (typeof trackingHashId !== 'string' || trackingHashId.length === 0) throw new TypeError('trackingHashId');
  if (driverId !== undefined && driverId !== null && !Number.isInteger(driverId)) throw new TypeError('driverId');
  return { trackingHashId, driverId: (driverId as number | null | undefined) ?? null };
}

/** The chat widget's token (issue 19): a non-empty string of sane length; its hash names the conversation. */
function visitorToken(args: unknown[]): string {
  const [token] = args;
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw new TypeError('token');
  return token;
}

const visitorChatKey = (token: string) => `VisitorChat:${visitorTokenHash(token)}`;

function methodsOf(hub: HubName): Map<string, MethodHandler> {
  const methods = new Map<string, MethodHandler>();
  for (const topic of HUB_TOPICS[hub] as readonly LiveTopic[]) {
    methods.set(subscribeMethod(topic).toLowerCase(), (args, permissions) => {
      if (!maySubscribe(topic, permissions)) throw new HubMethodError(ERROR_TEXTS.forbidden);
      if (topic === 'WebNotifications') return { subscribe: notifications(numbers(args[0])) };
      if (topic === 'TrackingUpdates') {
        const { trackingHashId, driverId } = tracking(args);
        return {
          subscribe: {
            topic,
            key: trackingKey(trackingHashId, driverId),
            wants: (message) => message.scope.trackingHashId === trackingHashId
              && (driverId === null || message.scope.driverId === driverId),
          },
        };
      }
      if (topic === 'VisitorChat') {
        // Only the messages of the conversation whose token the visitor holds; an unknown token simply hears nothing.
        const token = visitorToken(args);
        const hash = visitorTokenHash(token);
        return { subscribe: { topic, key: visitorChatKey(token), wants: (message) => message.scope.visitorTokenHash === hash } };
      }
      return { subscribe: scoped(topic) };
    });
    methods.set(unsubscribeMethod(topic).toLowerCase(), (args) => {
      if (topic === 'TrackingUpdates') {
        const { trackingHashId, driverId } = tracking(args);
        return { unsubscribe: trackingKey(trackingHashId, driverId) };
      }
      if (topic === 'VisitorChat') return { unsubscribe: visitorChatKey(visitorToken(args)) };
      return { unsubscribe: topic };
    });
  }
  return methods;
}

const HUB_METHODS: Record<HubName, Map<string, MethodHandler>> = {
  dashboard: methodsOf('dashboard'),
  identity: methodsOf('identity'),
  tracking: methodsOf('tracking'),
  chat: methodsOf('chat'),
};

/** Runs a hub method (names are case-insensitive, as in SignalR); throws HubMethodError with the client's message. */
export function invokeHubMethod(hub: HubName, target: string, args: unknown[], permissions: Permissions | undefined): HubMethodOutcome {
  const handler = HUB_METHODS[hub].get(target.toLowerCase());
  if (!handler) throw new HubMethodError(LIVE_TEXTS.unknownMethod(target));
  try {
    return handler(args, permissions);
  } catch (error) {
    if (error instanceof HubMethodError) throw error;
    throw new HubMethodError(LIVE_TEXTS.badArguments(target));
  }
}
