import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { MailError, type Mailer, type OutgoingMail } from './mailer';

type InfoLog = (obj: object, msg: string) => void;

/**
 * With no SMTP server configured each message is written to `dir` as an .eml file (any mail program
 * opens one) and its subject and file named in the log, so someone running the embedded defaults
 * can still follow a password-reset link. The files hold one-time links: readable by the owner only.
 */
export function createOutboxMailer(opts: {
  dir: string;
  from: string;
  log: { info: InfoLog };
}): Mailer {
  // nodemailer builds the whole RFC 5322 message (headers, MIME parts, encodings) without sending.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(mail: OutgoingMail) {
      let file: string;
      try {
        const info = await composer.sendMail({ from: opts.from, ...mail });
        await fs.mkdir(opts.dir, { recursive: true, mode: 0o700 });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        file = path.join(opts.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
        // Written under another name, then renamed: whoever reads the folder (a person, a test)
        // never opens a message half written.
        const writing = `${file}.part`;
        await fs.writeFile(writing, info.message as Buffer, { mode: 0o600, flag: 'wx' });
        await fs.rename(writing, file);
      } catch (err) {
        throw new MailError('E-mail not written to the outbox folder', true, { cause: err });
      }
      opts.log.info({ subject: mail.subject, file }, 'e-mail written to the outbox');
    },
    close: () => composer.close(),
  };
}
