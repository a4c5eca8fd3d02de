import { personNameProblem } from './bill-rules';

/**
 * null when a friend name is acceptable, else the bill rules' message for people (the same as the
 * editor's 'Add a person' and the server's). Empty counts as acceptable: empty fields are dropped.
 */
export function validateFriendName(name: string): string | null {
  return name.trim() === '' ? null : personNameProblem(name);
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
