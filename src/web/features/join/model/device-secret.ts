// The secret a friend is given on joining a bill (DECISIONS.md "Friends pick their own items"),
// kept on their device so that coming back to the same link shows their picks and lets them go on.
// localStorage, one entry per join token: the page is opened again days later, from the same link.
// Nothing read back is trusted without a check: storage is written by other tabs and older builds.

const PREFIX = 'fairshare.join.';

export interface DeviceSecret {
  participantId: string;
  secret: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some private modes refuse storage altogether.
    return null;
  }
}

/** The secret stored for `token` (a join link), or null when there is none or it is not one. */
export function readDeviceSecret(token: string, store = storage()): DeviceSecret | null {
  try {
    const raw = store?.getItem(PREFIX + token);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { participantId, secret } = value as Record<string, unknown>;
    if (typeof participantId !== 'string' || participantId === '') return null;
    if (typeof secret !== 'string' || secret === '') return null;
    return { participantId, secret };
  } catch {
    return null;
  }
}

/** Keeps the secret for `token`; false when the device would not store it. */
export function saveDeviceSecret(token: string, value: DeviceSecret, store = storage()): boolean {
  try {
    if (!store) return false;
    store.setItem(PREFIX + token, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the secret for `token` (the person was removed from the bill, say). */
export function forgetDeviceSecret(token: string, store = storage()): void {
  try {
    store?.removeItem(PREFIX + token);
  } catch {
    // nothing to forget where nothing could be stored
  }
}
