// sessionStorage throws in some private modes, when full, or when storage is disabled. The working
// state kept there is a convenience for reloads, so a failure costs persistence, never the screen.

/** The parsed JSON stored under `key`, or null when there is none or it cannot be read. */
export function readSession(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // see above: the state simply does not survive a reload
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored that could be read back either
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
