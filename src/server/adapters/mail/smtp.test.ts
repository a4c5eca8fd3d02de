import { afterEach, describe, expect, it } from 'vitest';
import {
  closedPortUrl,
  startSilentServer,
  startTestSmtp,
  type TestSmtp,
} from '../../testing/smtp-server';
import { MailError } from './mailer';
import { composeMail } from './message';
import { createSmtpMailer } from './smtp';

const mail = composeMail({
  to: 'sam@example.com',
  subject: 'Reset your Fairshare password',
  greeting: 'Hi Sam,',
  paragraphs: ['Someone asked to reset the password of this account & <nothing> else.'],
  action: { label: 'Choose a new password', url: 'http://localhost:3000/auth/reset?token=abc' },
  after: ['If it was not you, ignore this e-mail.'],
});

let server: TestSmtp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('SMTP mailer', () => {
  it('hands the message to the server: from Fairshare, plain text and HTML, en-GB', async () => {
    server = await startTestSmtp();
    const mailer = createSmtpMailer({ url: server.url, from: 'Fairshare <hello@example.com>' });
    await mailer.send(mail);
    mailer.close();
    const got = await server.waitFor(1);
    expect(got.from?.value).toEqual([{ address: 'hello@example.com', name: 'Fairshare' }]);
    expect(got.subject).toBe('Reset your Fairshare password');
    expect(got.text).toContain(
      'Choose a new password:\nhttp://localhost:3000/auth/reset?token=abc',
    );
    expect(got.text).toContain('this account & <nothing> else.');
    expect(got.html).toContain('lang="en-GB"');
    expect(got.html).toContain('href="http://localhost:3000/auth/reset?token=abc"');
    expect(got.html).toContain('&amp; &lt;nothing&gt; else.');
  });

  it('a refusal is a MailError: 550 permanent, 451 worth another try', async () => {
    server = await startTestSmtp({ refuse: 550 });
    const permanent = createSmtpMailer({ url: server.url, from: 'hello@example.com' });
    const e1 = await permanent.send(mail).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(MailError);
    expect((e1 as MailError).temporary).toBe(false);
    expect((e1 as MailError).message).toBe(
      'E-mail not sent: the mail server refused the message (550)',
    );
    await server.close();
    server = await startTestSmtp({ refuse: 451 });
    const later = createSmtpMailer({ url: server.url, from: 'hello@example.com' });
    const e2 = (await later.send(mail).catch((e: unknown) => e)) as MailError;
    expect(e2.temporary).toBe(true);
  });

  it('a server that is down or never answers fails within its timeouts', async () => {
    const down = createSmtpMailer({ url: await closedPortUrl(), from: 'hello@example.com' });
    const e1 = (await down.send(mail).catch((e: unknown) => e)) as MailError;
    expect(e1.message).toBe('E-mail not sent: the mail server could not be reached');
    expect(e1.temporary).toBe(true);

    const silent = await startSilentServer();
    const hanging = createSmtpMailer({
      url: silent.url,
      from: 'hello@example.com',
      timeouts: { greetingMs: 300 },
    });
    const started = Date.now();
    const e2 = (await hanging.send(mail).catch((e: unknown) => e)) as MailError;
    expect(e2).toBeInstanceOf(MailError);
    expect(e2.temporary).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await silent.close();
  });
});
