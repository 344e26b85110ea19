import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { messages } from '../db/schema';
import type { AppContext } from '../context';
import { createSmtpSender, type MessageSender, type OutgoingMessage } from './senders';

export type Channel = 'email' | 'sms';

export interface NewMessage {
  userId: number | null;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  /** What the message is for: twoFactorLogin, emailVerification, passwordReset ... */
  purpose: string;
}

type Executor = Pick<Database, 'insert'>;

/**
 * Writes a message to the outbox. Call it with the transaction of the change that causes the message, so a
 * code exists exactly when its message does; the dispatcher sends it after the commit.
 */
export async function enqueueMessage(db: Executor, message: NewMessage): Promise<void> {
  await db.insert(messages).values(message);
}

/** Attempts before a message is left alone (its lastError says why). */
const MAX_SEND_ATTEMPTS = 5;
const BATCH = 20;
const POLL_MS = 30_000;

/**
 * Sends unsent messages through the senders that handle their channel. Without a sender for a channel, its
 * messages stay in the table (sentAt null): in development the outbox screen is where people read them.
 * `kick()` after a commit sends at once; a slow poll retries failures. Single-flight per process.
 */
export class OutboxDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly db: Database, private readonly senders: MessageSender[], private readonly logger: Logger) {
    if (senders.length > 0) {
      this.timer = setInterval(() => this.kick(), POLL_MS);
      this.timer.unref();
    }
  }

  get hasSenders(): boolean {
    return this.senders.length > 0;
  }

  kick(): void {
    if (this.stopped || this.senders.length === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'outbox dispatch failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing is being sent (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    await Promise.all(this.senders.map((sender) => sender.close?.()));
  }

  private async drain(): Promise<void> {
    const channels = [...new Set(this.senders.flatMap((sender) => sender.channels))];
    for (;;) {
      const batch = await this.db.select().from(messages)
        .where(and(isNull(messages.sentAt), lt(messages.attempts, MAX_SEND_ATTEMPTS),
          inArray(messages.channel, channels)))
        .orderBy(asc(messages.id))
        .limit(BATCH);
      if (batch.length === 0) return;
      let progressed = false;
      for (const message of batch) {
        const sender = this.senders.find((candidate) => candidate.channels.includes(message.channel as Channel));
        if (!sender) continue;
        try {
          await sender.send(message as OutgoingMessage);
          await this.db.update(messages).set({ sentAt: new Date(), attempts: sql`${messages.attempts} + 1`, lastError: null })
            .where(eq(messages.id, message.id));
          progressed = true;
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          await this.db.update(messages).set({ attempts: sql`${messages.attempts} + 1`, lastError: text.slice(0, 500) })
            .where(eq(messages.id, message.id));
          this.logger.warn({ messageId: message.id, channel: message.channel, err: text }, 'message not sent');
        }
      }
      // Failures are retried by the poll, not in a tight loop.
      if (!progressed) return;
    }
  }
}

const dispatchers = new WeakMap<AppContext, OutboxDispatcher>();

/** Senders configured for this app: SMTP for email when SMTP_URL is set; no SMS provider yet. */
export function configuredSenders(context: AppContext): MessageSender[] {
  return context.config.smtpUrl ? [createSmtpSender(context.config.smtpUrl, context.config.mailFrom)] : [];
}

/** The app's dispatcher; app.ts creates it with the logger and stops it on close. */
export function startOutbox(context: AppContext, logger: Logger, senders = configuredSenders(context)): OutboxDispatcher {
  const dispatcher = new OutboxDispatcher(context.db, senders, logger);
  dispatchers.set(context, dispatcher);
  dispatcher.kick();
  return dispatcher;
}

/** Sends what was just committed (no-op when the app has no sender). */
export function kickOutbox(context: AppContext): void {
  dispatchers.get(context)?.kick();
}

export function outboxOf(context: AppContext): OutboxDispatcher | undefined {
  return dispatchers.get(context);
}

/** The newest messages, for the development outbox screen and tests. */
export async function listOutbox(db: Database, options: { recipient?: string; pageSize: number }) {
  const rows = await db.select().from(messages)
    // Recipients are stored normalised (emails lower-case), so the index on recipient serves this filter.
    .where(options.recipient ? eq(messages.recipient, options.recipient.trim().toLowerCase()) : undefined)
    .orderBy(desc(messages.id))
    .limit(options.pageSize);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel as Channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    purpose: row.purpose,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
