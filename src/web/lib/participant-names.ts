import { isStringArray, readSession, removeSession, writeSession } from './session-store';

// The friends dialog stores the confirmed names (current user first) for whichever step comes
// next: today the split editor, later the receipt flow (spec §2 Friends dialog). It lives in lib
// because it is handed from one feature to another.
const PARTICIPANT_NAMES_KEY = 'fairshare.participantNames';

export function saveParticipantNames(names: readonly string[]): void {
  writeSession(PARTICIPANT_NAMES_KEY, names);
}

/** The stored names, or [] when none are stored or the stored value is not a list of names. */
export function loadParticipantNames(): string[] {
  const stored = readSession(PARTICIPANT_NAMES_KEY);
  return isStringArray(stored) ? stored : [];
}

export function clearParticipantNames(): void {
  removeSession(PARTICIPANT_NAMES_KEY);
}
