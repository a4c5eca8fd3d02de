import type { BillListItem } from '../../../../contracts/bills';
import { historyParticipantLine, homeParticipantLine } from '../../../../domain/bill-lists';

type People = BillListItem['participants'];

/**
 * The names for a row's participant line and whose name to leave out. The server marks the
 * creator (the current user) on each bill, which is exact even when a friend shares the user's
 * name; a bill without a marked creator falls back to leaving out the user's own name.
 */
function namesAndMe(people: People, myName: string | null): [string[], string | null] {
  if (people.some((p) => p.isCreator)) {
    return [people.filter((p) => !p.isCreator).map((p) => p.participantName), null];
  }
  return [people.map((p) => p.participantName), myName];
}

/** Home's line: 'With X', 'With X & Y', 'With X, Y, & Z', 'With X +N others'. */
export function homeLine(people: People, myName: string | null): string {
  return homeParticipantLine(...namesAndMe(people, myName));
}

/** History's line: 'Solo bill', 'With A, B, C', 'With A +N others'. */
export function historyLine(people: People, myName: string | null): string {
  return historyParticipantLine(...namesAndMe(people, myName));
}
