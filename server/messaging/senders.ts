import nodemailer from 'nodemailer';
import type { Channel } from './outbox';

export interface OutgoingMessage {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
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
      await transport.sendMail({ from, to: message.recipient, subject: message.subject, text: message.body });
    },
    close() {
      transport.close();
    },
  };
}
