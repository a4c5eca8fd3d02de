import type { OutgoingMail } from './mailer';

/** What one of Fairshare's e-mails says; composeMail writes it as plain text and as simple HTML. */
export interface MailContent {
  to: string;
  subject: string;
  /** "Hi Sam," */
  greeting: string;
  paragraphs: string[];
  /** The one thing to do: a button in HTML, the label and the address on their own line in text. */
  action?: { label: string; url: string };
  /** Lines after the action (why they got it, what to do if it was not them). */
  after?: string[];
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const ACCENT = '#0f766e';

/** Both bodies of one message, in en-GB, signed by Fairshare. */
export function composeMail(c: MailContent): OutgoingMail {
  const after = c.after ?? [];
  const text = [
    c.greeting,
    ...c.paragraphs,
    ...(c.action ? [`${c.action.label}:\n${c.action.url}`] : []),
    ...after,
    'Fairshare',
  ].join('\n\n');
  const p = (s: string, extra = '') =>
    `<p style="margin:0 0 16px;line-height:1.5${extra}">${escapeHtml(s)}</p>`;
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(c.action.label)}</a></p>` +
      p(
        `Or open this address: ${c.action.url}`,
        ';font-size:13px;color:#555555;word-break:break-all',
      )
    : '';
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
${p(c.greeting)}
${c.paragraphs.map((s) => p(s)).join('\n')}
${button}
${after.map((s) => p(s, ';font-size:13px;color:#555555')).join('\n')}
<p style="margin:24px 0 0;font-weight:600;color:${ACCENT}">Fairshare</p>
</div>
</body>
</html>`;
  return { to: c.to, subject: c.subject, text, html };
}
