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
