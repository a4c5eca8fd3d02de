/** One message Fairshare sends: plain text and the same in simple HTML (see message.ts). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The e-mail port: an SMTP server (smtp.ts) or the outbox folder (outbox.ts). `send` resolves when
 * the message is handed over, and rejects with a MailError (never hangs: every step has a timeout).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A message that could not be handed over; `temporary` when trying later may work. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailError';
  }
}
