/**
 * Delivers verification messages. Email goes through SMTP when it is
 * configured; otherwise (the embedded default) every message is appended to
 * an outbox file under the data folder and written to the log, so a person
 * trying Quay locally can read the code. There is no SMS gateway: texts for
 * mobile numbers always go to their own outbox file and the log.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { SmtpConfig } from './config';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly options: {
      smtp: SmtpConfig | null;
      from: string;
      dataDir: string;
      now: () => number;
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

  async send(message: OutgoingMessage): Promise<void> {
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

  close(): void {
    this.transport?.close();
  }
}
