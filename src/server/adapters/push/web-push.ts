import type https from 'node:https';
import webpush from 'web-push';

/** A device's subscription as the browser's PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push service said: taken, gone for good (404/410: drop it), or failed this time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: object): Promise<PushOutcome>;
}

/**
 * Web push through the `web-push` library: the payload encrypted for the device (aes128gcm,
 * RFC 8291) and signed with the server's VAPID key (RFC 8292). `agent` lets tests trust a local
 * push service's certificate.
 */
export function createPushSender(opts: {
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  timeoutMs?: number;
  agent?: https.Agent;
  log: { warn: (o: object, m: string) => void };
}): PushSender {
  const vapidDetails = { subject: opts.subject, ...opts.vapid };
  return {
    publicKey: opts.vapid.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails,
          contentEncoding: 'aes128gcm',
          // A payment told a day late is no longer news.
          TTL: 24 * 60 * 60,
          urgency: 'high',
          timeout: opts.timeoutMs ?? 10_000,
          ...(opts.agent ? { agent: opts.agent } : {}),
        });
        return 'sent';
      } catch (err) {
        const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
        if (status === 404 || status === 410) return 'gone';
        // The endpoint is a capability URL: only its host is logged.
        opts.log.warn(
          { status, pushHost: new URL(target.endpoint).host, err: (err as Error).message },
          'push message not delivered',
        );
        return 'failed';
      }
    },
  };
}
