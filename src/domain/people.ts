export const FRIEND_NAME_MESSAGE = 'Name can only contain letters, numbers, spaces, and hyphens';

// "Letters" means any script's letters plus combining marks, so Zoë and Siobhán pass however they
// were typed (composed or decomposed). The spec's rule leaves out apostrophes, so O'Brien is refused;
// that is kept as specified (see the report) rather than widened here.
const FRIEND_NAME = /^[\p{L}\p{M}\p{Nd} -]*$/u;

/** null when a friend name is acceptable (empty counts: empty fields are dropped), else the spec's message. */
export function validateFriendName(name: string): string | null {
  return FRIEND_NAME.test(name) ? null : FRIEND_NAME_MESSAGE;
}

/**
 * The form of a name used to compare people: trimmed, inner spaces collapsed, Unicode-normalised and
 * lower-cased, so " zoë  smith" and "Zoë Smith" are the same person. Never shown to anyone.
 */
export function normaliseName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The friend names the dialog keeps: trimmed, with empty fields dropped, in order. */
export function keptFriendNames(names: readonly string[]): string[] {
  return names.map((name) => name.trim()).filter((name) => name !== '');
}

/**
 * Whether the friends dialog's Continue is enabled (spec §5): at least one non-empty name, every
 * name valid, and no two the same by normaliseName. When `currentUserName` is given, a friend with
 * the user's own name also counts as a duplicate, since bill lists hide the user's name.
 */
export function canContinueFriends(names: readonly string[], currentUserName?: string): boolean {
  const kept = keptFriendNames(names);
  if (kept.length === 0 || kept.some((name) => validateFriendName(name) !== null)) return false;
  const seen = new Set(kept.map(normaliseName));
  if (seen.size !== kept.length) return false;
  return currentUserName === undefined || !seen.has(normaliseName(currentUserName));
}
