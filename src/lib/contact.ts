/** The contact form (issue 19): /contact, its acknowledgement email, and the staff screen of the messages. */
export const CONTACT_TEXTS = {
  title: 'Contact us',
  intro: 'Questions about a delivery, an account or working with us: write to us and our operators reply by email, usually within one working day.',
  name: 'Your name',
  email: 'Email',
  phone: 'Phone (optional)',
  subject: 'Subject',
  message: 'Message',
  /** The spam trap's label; the field is hidden from people and from screen readers. */
  website: 'Leave this empty',
  send: 'Send message',
  sending: 'Sending...',
  received: 'Thank you. We have your message and have sent a confirmation to your email address.',
  sendAnother: 'Send another message',
  required: (label: string) => `${label} is required.`,
  invalidEmail: 'Enter a valid email address.',
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  tooMany: 'You have sent several messages in the last hour. We will reply to those first; please try again later.',
  acknowledgementSubject: (subject: string) => `We received your message: ${subject}`,
  acknowledgementBody: (name: string, portalName: string, message: string) =>
    `Hello ${name},\n\nThank you for contacting ${portalName}. Our operators will reply to this address, usually within one working day.\n\nYour message:\n${message}`,
  // The staff screen.
  listTitle: 'Contact Messages',
  answered: 'Answered',
  markAnswered: 'Mark answered',
  markAnsweredQuestion: (count: number) => `Mark ${count} ${count === 1 ? 'message' : 'messages'} answered?`,
  markedAnswered: (count: number) => `${count} ${count === 1 ? 'message' : 'messages'} marked answered.`,
} as const;

/** Limits of the contact form, shared by the form and the server. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, subject: 150, message: 4000, perEmailPerHour: 3 } as const;

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of each field, keyed by the request's field names; empty when the message may be sent. */
export function contactErrors(values: ContactValues): Partial<Record<keyof ContactValues, string>> {
  const errors: Partial<Record<keyof ContactValues, string>> = {};
  const labels = { name: CONTACT_TEXTS.name, email: CONTACT_TEXTS.email, phone: CONTACT_TEXTS.phone, subject: CONTACT_TEXTS.subject, message: CONTACT_TEXTS.message };
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    if (!values[field].trim()) errors[field] = CONTACT_TEXTS.required(labels[field]);
  }
  if (!errors.email && !EMAIL_PATTERN.test(values.email.trim())) errors.email = CONTACT_TEXTS.invalidEmail;
  for (const field of ['name', 'email', 'phone', 'subject', 'message'] as const) {
    if (!errors[field] && values[field].trim().length > CONTACT_LIMITS[field]) errors[field] = CONTACT_TEXTS.tooLong(labels[field].replace(' (optional)', ''), CONTACT_LIMITS[field]);
  }
  return errors;
}
