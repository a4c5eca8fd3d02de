import nodemailer from 'nodemailer';
import { MailError, type Mailer, type OutgoingMail } from './mailer';

/** How long each step may take before the message is given up (the request never hangs). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 20_000,
};

/** Sends through the SMTP server at `url` (smtp:// with STARTTLS when offered, or smtps://). */
export function createSmtpMailer(opts: {
  url: string;
  from: string;
  timeouts?: Partial<SmtpTimeouts>;
}): Mailer {
  const t = { ...DEFAULT_SMTP_TIMEOUTS, ...opts.timeouts };
  // The URL is taken apart here: nodemailer's own `url` option overrides the timeouts below.
  const u = new URL(opts.url);
  const secure = u.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    connectionTimeout: t.connectionMs,
    greetingTimeout: t.greetingMs,
    socketTimeout: t.socketMs,
    dnsTimeout: t.connectionMs,
    // nodemailer's own log would print addresses and the conversation: off.
    logger: false,
    debug: false,
  });
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        await transport.sendMail({ from: opts.from, ...mail });
      } catch (err) {
        throw smtpError(err);
      }
    },
    close: () => transport.close(),
  };
}

/** nodemailer's error as a MailError: 5xx answers are permanent, the rest (4xx, network) not. */
function smtpError(err: unknown): MailError {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
  const what =
    e.code === 'ECONNECTION' || e.code === 'ETIMEDOUT' || e.code === 'ESOCKET' || e.code === 'EDNS'
      ? 'the mail server could not be reached'
      : e.responseCode
        ? `the mail server refused the message (${e.responseCode})`
        : 'the mail server failed';
  return new MailError(`E-mail not sent: ${what}`, !permanent, { cause: err });
}
