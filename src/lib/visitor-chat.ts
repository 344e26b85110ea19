import { CONTACT_TEXTS } from './contact';

/** The chat widget (issue 19) on /, /track-order and /track/:hash: its texts, shared by the widget and the server. */
export const VISITOR_CHAT_TEXTS = {
  open: 'Chat with us',
  close: 'Close chat',
  title: 'Chat with us',
  intro: 'Our operators answer here while this page is open, and by email.',
  name: 'Your name',
  email: 'Email',
  message: 'Message',
  website: CONTACT_TEXTS.website,
  start: 'Start chat',
  send: 'Send',
  sending: 'Sending...',
  you: 'You',
  empty: 'No messages yet.',
  loadFailed: 'The conversation could not be loaded.',
  newChat: 'Start a new chat',
  required: CONTACT_TEXTS.required,
  invalidEmail: CONTACT_TEXTS.invalidEmail,
  tooLong: CONTACT_TEXTS.tooLong,
  /** The operators' side. */
  visitor: 'Visitor',
  replySubject: (portalName: string) => `${portalName} replied to your chat`,
  replyBody: (name: string, portalName: string, reply: string) =>
    `Hello ${name},\n\n${portalName} replied to your chat:\n\n${reply}\n\nReply in the chat on our website while it is open in your browser, or use our contact form.`,
} as const;

export const VISITOR_CHAT_LIMITS = { name: 100, email: 254, message: 2000 } as const;
/** How often the open widget reads the conversation (ms). */
export const VISITOR_CHAT_POLL_MS = 5000;

export interface VisitorChatValues {
  name: string;
  email: string;
  message: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of each field, keyed by the request's field names; empty when the chat may start. */
export function visitorChatErrors(values: VisitorChatValues): Partial<Record<keyof VisitorChatValues, string>> {
  const errors: Partial<Record<keyof VisitorChatValues, string>> = {};
  const labels = { name: VISITOR_CHAT_TEXTS.name, email: VISITOR_CHAT_TEXTS.email, message: VISITOR_CHAT_TEXTS.message };
  for (const field of ['name', 'email', 'message'] as const) {
    if (!values[field].trim()) errors[field] = VISITOR_CHAT_TEXTS.required(labels[field]);
    else if (values[field].trim().length > VISITOR_CHAT_LIMITS[field]) errors[field] = VISITOR_CHAT_TEXTS.tooLong(labels[field], VISITOR_CHAT_LIMITS[field]);
  }
  if (!errors.email && !EMAIL_PATTERN.test(values.email.trim())) errors.email = VISITOR_CHAT_TEXTS.invalidEmail;
  return errors;
}

/** Where the widget keeps its conversation's token: a reload keeps the chat, a new browser session starts afresh. */
export const VISITOR_CHAT_STORAGE_KEY = 'visitorChatToken';
