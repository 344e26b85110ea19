import nodemailer from 'nodemailer';
import type { Channel } from './outbox';

export interface OutgoingMessage {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  /** Files sent with it (a scheduled report's .xlsx, issue 17). */
  attachments?: { fileName: string; contentType: string; data: Buffer }[];
}

/** Delivers outbox messages of some channels (email through SMTP; an SMS gateway would be another one). */
export interface MessageSender {
  readonly channels: readonly Channel[];
  send(message: OutgoingMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/** Email over SMTP with nodemailer (SMTP_URL, e.g. smtp://user:pass@mail.example:587). */
export function createSmtpSender(smtpUrl: string, from: string): MessageSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    channels: ['email'],
    async send(message) {
      await transport.sendMail({
        from, to: message.recipient, subject: message.subject, text: message.body,
        attachments: message.attachments?.map((file) => ({ filename: file.fileName, content: file.data, contentType: file.contentType })),
      });
    },
    close() {
      transport.close();
    },
  };
}
