import type { MailConfig } from '../../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

/** The configured mailer: SMTP when SMTP_URL is set, otherwise the outbox folder. */
export function mailerFor(
  config: MailConfig,
  log: { info: (o: object, m: string) => void },
): Mailer {
  return config.transport === 'smtp'
    ? createSmtpMailer({ url: config.url, from: config.from })
    : createOutboxMailer({ dir: config.dir, from: config.from, log });
}
