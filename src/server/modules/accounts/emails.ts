import type { OutgoingMail } from '../../adapters/mail/mailer';
import { composeMail } from '../../adapters/mail/message';

/** A password-reset link works for this long, and once (DECISIONS.md E-mail and notifications). */
export const RESET_LINK_SECONDS = 60 * 60;
/** A link that confirms an e-mail address works for this long. */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

interface Recipient {
  email: string;
  firstName?: string | null;
}

const hello = (to: Recipient) => `Hi ${to.firstName?.trim() || 'there'},`;

/** The page that takes a reset link's token and asks for the new password (web /auth/reset). */
export const resetPageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;

export function passwordResetMail(to: Recipient, link: string): OutgoingMail {
  return composeMail({
    to: to.email,
    subject: 'Reset your Fairshare password',
    greeting: hello(to),
    paragraphs: [
      'Someone asked to reset the password of the Fairshare account for this e-mail address. If it was you, choose a new password with the link below.',
      'The link works once, within 1 hour. Choosing a new password signs you out on every other device.',
    ],
    action: { label: 'Choose a new password', url: link },
    after: ["If you didn't ask, ignore this e-mail: your password stays as it is."],
  });
}

export function verifyEmailMail(to: Recipient, link: string): OutgoingMail {
  return composeMail({
    to: to.email,
    subject: 'Confirm your e-mail address for Fairshare',
    greeting: hello(to),
    paragraphs: [
      'Welcome to Fairshare. Please confirm that this is your e-mail address, so that we can reach you about your account and your payments.',
      'The link works for 24 hours.',
    ],
    action: { label: 'Confirm my e-mail address', url: link },
    after: ["If you didn't make a Fairshare account, ignore this e-mail."],
  });
}

/** Sent to the new address of a change of e-mail: opening its link makes the change. */
export function changeEmailMail(to: Recipient, link: string): OutgoingMail {
  return composeMail({
    to: to.email,
    subject: 'Confirm your new e-mail address for Fairshare',
    greeting: hello(to),
    paragraphs: [
      'You asked to use this e-mail address for your Fairshare account. Open the link below to confirm it: until you do, your account keeps its old address.',
      'The link works for 24 hours.',
    ],
    action: { label: 'Use this e-mail address', url: link },
    after: ["If you didn't ask, ignore this e-mail: nothing changes."],
  });
}

/** Sent to the old address once a change of e-mail is confirmed. */
export function emailChangedMail(to: Recipient, newEmail: string): OutgoingMail {
  return composeMail({
    to: to.email,
    subject: 'Your Fairshare e-mail address was changed',
    greeting: hello(to),
    paragraphs: [
      `The e-mail address of your Fairshare account is now ${newEmail}. From now on you sign in with it, and our e-mails go there.`,
      "If you made this change, there's nothing more to do.",
    ],
    after: [
      "If you didn't make it, someone else may be signed in to your account: reply to this e-mail at once so that we can help you get it back.",
    ],
  });
}
