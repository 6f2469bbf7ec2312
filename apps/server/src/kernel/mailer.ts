/**
 * Delivers verification messages. Email goes through SMTP when it is
 * configured; otherwise (the embedded default) every message is appended to
 * an outbox file under the data folder and written to the log, so a person
 * trying Quay locally can read the code. There is no SMS gateway: texts for
 * mobile numbers always go to their own outbox file and the log.
 *
 * Every mail to an address whose account set an anti-phishing code opens
 * with that code (in the mail's language), so its owner can tell Quay's mail
 * from a look-alike: added here, once, for every mail there is and will be.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@quay/core';
import type { SmtpConfig } from './config';
import { serverMessage } from './messages';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** The language the mail is written in (the anti-phishing line follows it); English when absent. */
  locale?: Locale;
}

/** The anti-phishing code the account of an email address set, or null. */
export type AntiPhishingLookup = (address: string) => Promise<string | null>;

export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly options: {
      smtp: SmtpConfig | null;
      from: string;
      dataDir: string;
      now: () => number;
      antiPhishingCodeOf?: AntiPhishingLookup;
    },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = options.smtp
      ? nodemailer.createTransport({
          host: options.smtp.host,
          port: options.smtp.port,
          secure: options.smtp.secure,
          auth: options.smtp.user
            ? { user: options.smtp.user, pass: options.smtp.pass ?? '' }
            : undefined,
          // Off only on request (SMTP_TLS_VERIFY=false), for local servers with self-signed certificates.
          tls: { rejectUnauthorized: options.smtp.tlsVerify },
          // The web client gives up after 10 s; a hung mail server must not hold requests longer.
          connectionTimeout: 8_000,
          greetingTimeout: 8_000,
          socketTimeout: 15_000,
        })
      : null;
  }

  async send(outgoing: OutgoingMessage): Promise<void> {
    const message = await this.withAntiPhishingCode(outgoing);
    if (message.channel === 'email' && this.transport) {
      await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      return;
    }
    const outbox = join(this.options.dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const line = JSON.stringify({
      time: new Date(this.options.now()).toISOString(),
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    await appendFile(
      join(outbox, message.channel === 'email' ? 'mail.log' : 'sms.log'),
      `${line}\n`,
    );
    this.log.info(
      { outbox: message.channel, to: message.to, text: message.text },
      'message written to the outbox',
    );
  }

  /** The mail with its account's anti-phishing code as its first line; texts are left as they are. */
  private async withAntiPhishingCode(message: OutgoingMessage): Promise<OutgoingMessage> {
    const lookup = this.options.antiPhishingCodeOf;
    if (message.channel !== 'email' || !lookup) return message;
    const code = await lookup(message.to);
    if (code === null) return message;
    const line = serverMessage('MAIL_ANTI_PHISHING_LINE', message.locale ?? 'en', { code });
    return { ...message, text: `${line}\n\n${message.text}` };
  }

  close(): void {
    this.transport?.close();
  }
}
