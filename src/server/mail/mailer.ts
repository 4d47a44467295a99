import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../env';

export interface MailMessage {
  to: string;
  /** Where a reply goes, e.g. the landlord's own address on a tenant's mail. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in `${DATA_DIR}/mail/`. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      transport: 'smtp',
      async send({ to, replyTo, subject, text, html }) {
        await transporter.sendMail({ from, to, replyTo, subject, text, html });
      },
    };
  }
  const dir = resolve(config.DATA_DIR, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'file',
    async send({ to, replyTo, subject, text, html }) {
      const info = await transporter.sendMail({ from, to, replyTo, subject, text, html });
      await mkdir(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message);
      // The file holds the mail; its links carry live one-time tokens and stay out of every log.
      log.info({ file }, 'mail written to file (no SMTP_URL configured)');
    },
  };
}
