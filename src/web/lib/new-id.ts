let counter = 0;

/**
 * A unique id for something that lives only in this browser (a working participant or item).
 * crypto.randomUUID exists only in secure contexts; a phone opening the dev server over the LAN is
 * not one, so there is a fallback that is unique within the page, which is all these ids need.
 */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  counter += 1;
  return `id-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A random UUID (v4), also outside secure contexts, where crypto.randomUUID is missing but
 * crypto.getRandomValues is not: for ids the server checks as UUIDs (a bill's client key).
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
