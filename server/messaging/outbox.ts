import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { messageAttachments, messages } from '../db/schema';
import type { AppContext } from '../context';
import type { JobQueue } from '../jobs/queue';
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
/** The job that sends unsent messages: enqueued after a commit (kickOutbox) and every minute for retries. */
export const OUTBOX_JOB = 'outbox-send';
/** Failures are retried by this schedule (not in a tight loop); a kick sends new messages at once. */
const RETRY_CRON = '* * * * *';

/**
 * Sends unsent messages through the senders that handle their channel. Without a sender for a channel, its
 * messages stay in the table (sentAt null): in development the outbox screen is where people read them.
 * Each pass is an `outbox-send` job of the job queue, whose 'stately' policy keeps at most one pass running
 * and one waiting across every server process: a message is never sent by two passes at once.
 */
export class OutboxDispatcher {
  constructor(private readonly db: Database, private readonly jobs: JobQueue, private readonly senders: MessageSender[],
    private readonly logger: Logger) {}

  get hasSenders(): boolean {
    return this.senders.length > 0;
  }

  /** Enqueues a pass and wakes this process's worker (no-op without a sender). */
  kick(): void {
    if (!this.hasSenders) return;
    void this.jobs.send(OUTBOX_JOB)
      .then(() => this.jobs.nudge(OUTBOX_JOB))
      .catch((error: unknown) => this.logger.warn({ err: error }, 'outbox pass not enqueued'));
  }

  async close(): Promise<void> {
    await Promise.all(this.senders.map((sender) => sender.close?.()));
  }

  /** One pass: sends what is unsent until a batch makes no progress (the job's handler). */
  async drain(): Promise<{ sent: number }> {
    const channels = [...new Set(this.senders.flatMap((sender) => sender.channels))];
    let sent = 0;
    for (;;) {
      const batch = await this.db.select().from(messages)
        .where(and(isNull(messages.sentAt), lt(messages.attempts, MAX_SEND_ATTEMPTS),
          inArray(messages.channel, channels)))
        .orderBy(asc(messages.id))
        .limit(BATCH);
      if (batch.length === 0) return { sent };
      let progressed = false;
      for (const message of batch) {
        const sender = this.senders.find((candidate) => candidate.channels.includes(message.channel as Channel));
        if (!sender) continue;
        try {
          const attachments = await this.db.select({ fileName: messageAttachments.fileName, contentType: messageAttachments.contentType, data: messageAttachments.data })
            .from(messageAttachments).where(eq(messageAttachments.messageId, message.id));
          await sender.send({ ...(message as OutgoingMessage), ...(attachments.length > 0 && { attachments }) });
          await this.db.update(messages).set({ sentAt: new Date(), attempts: sql`${messages.attempts} + 1`, lastError: null })
            .where(eq(messages.id, message.id));
          progressed = true;
          sent += 1;
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          await this.db.update(messages).set({ attempts: sql`${messages.attempts} + 1`, lastError: text.slice(0, 500) })
            .where(eq(messages.id, message.id));
          this.logger.warn({ messageId: message.id, channel: message.channel, err: text }, 'message not sent');
        }
      }
      // Failures are retried by the schedule, not in a tight loop.
      if (!progressed) return { sent };
    }
  }
}

const dispatchers = new WeakMap<AppContext, OutboxDispatcher>();

/** Senders configured for this app: SMTP for email when SMTP_URL is set; no SMS provider yet. */
export function configuredSenders(context: AppContext): MessageSender[] {
  return context.config.smtpUrl ? [createSmtpSender(context.config.smtpUrl, context.config.mailFrom)] : [];
}

/**
 * The app's dispatcher as a job queue worker (server/plugins/workers.ts starts it, and closes its senders on
 * close). Without a sender nothing is declared (a stored schedule is removed): messages stay in the table.
 */
export async function startOutbox(context: AppContext, logger: Logger, senders = configuredSenders(context)): Promise<OutboxDispatcher> {
  const dispatcher = new OutboxDispatcher(context.db, context.jobs, senders, logger);
  dispatchers.set(context, dispatcher);
  if (dispatcher.hasSenders) {
    await context.jobs.define(OUTBOX_JOB, { policy: 'stately', retryLimit: 0 });
    await context.jobs.work(OUTBOX_JOB, () => dispatcher.drain());
    await context.jobs.schedule(OUTBOX_JOB, RETRY_CRON);
    // What was left unsent before a restart goes now, not at the next minute.
    dispatcher.kick();
  } else {
    // SMTP switched off since a start that scheduled passes: no pass is wanted any more.
    await context.jobs.unschedule(OUTBOX_JOB);
  }
  return dispatcher;
}

/** Sends what was just committed (no-op when the app has no sender): enqueues a pass and wakes the worker. */
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
