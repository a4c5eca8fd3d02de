import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../../secrets';
import { startTestPushService, type TestPushService } from '../../testing/push-service';
import { createPushSender } from './web-push';

let service: TestPushService;
beforeAll(async () => {
  service = await startTestPushService();
});
afterAll(async () => service.close());

describe('web push sender', () => {
  it('encrypts for the device (aes128gcm) and signs with VAPID; the device reads it', async () => {
    const vapid = generateVapidKeys();
    const sender = createPushSender({
      vapid,
      subject: 'mailto:hello@fairshare.example',
      agent: service.agent,
      log: { warn: () => {} },
    });
    const phone = service.device();
    const payload = { title: 'Fairshare', body: 'Sam paid you £14.20 for The Crown & Anchor' };
    expect(await sender.send(phone.subscription, payload)).toBe('sent');
    expect(phone.messages()).toEqual([payload]);
    const got = service.received.at(-1)!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(String(got.headers.authorization)).toContain(`k=${vapid.publicKey}`);
    // The plain text is nowhere in what travelled.
    expect(got.body.includes(Buffer.from('Sam paid you'))).toBe(false);
  });

  it('says "gone" for 404 and 410, "failed" for anything else', async () => {
    const warnings: object[] = [];
    const sender = createPushSender({
      vapid: generateVapidKeys(),
      subject: 'mailto:hello@fairshare.example',
      agent: service.agent,
      log: { warn: (o) => warnings.push(o) },
    });
    const a = service.device();
    const b = service.device();
    service.gone(a.subscription.endpoint, 410);
    service.gone(b.subscription.endpoint, 404);
    expect(await sender.send(a.subscription, { body: 'x' })).toBe('gone');
    expect(await sender.send(b.subscription, { body: 'x' })).toBe('gone');
    const unknown = { ...a.subscription, endpoint: a.subscription.endpoint + 'x' };
    expect(await sender.send(unknown, { body: 'x' })).toBe('failed');
    expect(JSON.stringify(warnings)).not.toContain('/push/');
  });
});
