// This device's web push (the browser's Push API), for settings' "Payment Notifications": the
// browser asks for permission only when the switch is turned on, and turning it off unsubscribes.

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export interface PushBrowser {
  supported: boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  registration(): Promise<ServiceWorkerRegistration>;
}

export const browserPush: PushBrowser = {
  supported:
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  registration: () => navigator.serviceWorker.ready,
};

/** Whether this device takes push now, without asking anything. */
export async function pushState(b: PushBrowser = browserPush): Promise<PushState> {
  if (!b.supported) return 'unsupported';
  if (b.permission() === 'denied') return 'blocked';
  if (b.permission() !== 'granted') return 'off';
  const sub = await (await b.registration()).pushManager.getSubscription();
  return sub ? 'on' : 'off';
}

/** The key as the Push API takes it (applicationServerKey) from its base64url text. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Turns push on: asks the browser's permission (now, because the user switched it on), subscribes
 * with the server's key and hands the subscription to `save`. 'blocked' when permission is refused.
 */
export async function turnPushOn(
  serverKey: () => Promise<string>,
  save: (sub: PushSubscriptionJSON) => Promise<unknown>,
  b: PushBrowser = browserPush,
): Promise<PushState> {
  if (!b.supported) return 'unsupported';
  const permission = b.permission() === 'granted' ? 'granted' : await b.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { pushManager } = await b.registration();
  const key = keyBytes(await serverKey());
  let sub = await pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) is of no use: start again.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await save(sub.toJSON());
  return 'on';
}

/** Turns push off: the subscription ends in the browser and on the server. */
export async function turnPushOff(
  remove: (endpoint: string) => Promise<unknown>,
  b: PushBrowser = browserPush,
): Promise<PushState> {
  if (!b.supported) return 'unsupported';
  const sub = await (await b.registration()).pushManager.getSubscription();
  if (sub) {
    await remove(sub.endpoint);
    await sub.unsubscribe();
  }
  return 'off';
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return true;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}
