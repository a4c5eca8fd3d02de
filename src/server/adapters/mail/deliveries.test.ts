import { describe, expect, it } from 'vitest';
import { createMailDeliveries } from './deliveries';
import { MailError, type Mailer, type OutgoingMail } from './mailer';

const mail: OutgoingMail = { to: 'sam@example.com', subject: 'Hi', text: 'x', html: 'x' };

function fakeMailer(failures: MailError[]): Mailer & { sent: number; tries: number } {
  const m = {
    kind: 'smtp' as const,
    sent: 0,
    tries: 0,
    async send() {
      m.tries++;
      const f = failures.shift();
      if (f) throw f;
      m.sent++;
    },
    close() {},
  };
  return m;
}

function memoryLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('mail deliveries', () => {
  it('tries a message the server put off again, and gives up on a refusal', async () => {
    const mailer = fakeMailer([new MailError('later', true), new MailError('later', true)]);
    const { lines, log } = memoryLog();
    const d = createMailDeliveries(mailer, log, [5, 5]);
    d.later(mail, 'password-reset');
    await d.idle();
    expect(mailer.sent).toBe(1);
    expect(mailer.tries).toBe(3);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn']);

    const refused = fakeMailer([new MailError('no', false)]);
    const r = memoryLog();
    const d2 = createMailDeliveries(refused, r.log, [5, 5]);
    d2.later(mail, 'password-reset');
    await d2.idle();
    expect(refused.tries).toBe(1);
    expect(r.lines).toMatchObject([{ level: 'error', msg: 'e-mail not sent' }]);
    expect(JSON.stringify(r.lines)).not.toContain('sam@example.com');
  });

  it('close() ends a wait for another try at once', async () => {
    const mailer = fakeMailer([new MailError('later', true)]);
    const { lines, log } = memoryLog();
    const d = createMailDeliveries(mailer, log, [60_000]);
    d.later(mail, 'verify-email');
    await new Promise((r) => setTimeout(r, 10));
    d.close();
    await d.idle();
    expect(mailer.sent).toBe(0);
    expect(lines.at(-1)?.msg).toBe('e-mail not sent: the server stopped before another try');
  });
});
