import type { Activity, ActivityResponse } from '../../../contracts/bills';
import { billEventDataSchemas } from '../../../contracts/live';
import { toDecimalString } from '../../../domain/money';
import type { BillsService } from '../bills/service';
import type { ActivityRepo } from './repo';

const ACTIVITY_LIMIT = 50;

/** Activity is read from the bills and their payments: never a second copy of either. */
export function createActivityService(
  repo: ActivityRepo,
  bills: Pick<BillsService, 'listBills'>,
  clock: () => Date = () => new Date(),
) {
  return {
    async activity(ownerId: string): Promise<ActivityResponse> {
      const [{ bills: recent }, paid, back, unseenBills, unseenPayments, unseenBack] =
        await Promise.all([
          bills.listBills(ownerId, ACTIVITY_LIMIT),
          repo.recentPayments(ownerId, ACTIVITY_LIMIT),
          repo.recentMoneyBack(ownerId, ACTIVITY_LIMIT),
          repo.countUnseenBills(ownerId),
          repo.countUnseenPayments(ownerId),
          repo.countUnseenMoneyBack(ownerId),
        ]);
      const backData = back.map((e) => moneyBackData(e.type, e.data));
      const [people, names] = await Promise.all([
        repo.peopleOf([...new Set([...paid, ...back].map((p) => p.billId))]),
        repo.namesOf([...new Set(backData.flatMap((d) => d.participantIds))]),
      ]);
      const nameOf = new Map(names.map((n) => [n.id, n.name]));
      const namesOf = new Map<string, { participantName: string }[]>();
      for (const p of people)
        namesOf.set(p.billId, [...(namesOf.get(p.billId) ?? []), { participantName: p.name }]);
      const created: Activity[] = recent.map((b) => ({
        id: `bill_created:${b.id}`,
        type: 'bill_created',
        date: b.createdAt,
        user: null,
        participant: null,
        bill: {
          id: b.id,
          name: b.name,
          status: b.status,
          participants: b.participants.map((p) => ({ participantName: p.participantName })),
        },
      }));
      const received: Activity[] = paid.map((p) => ({
        id: `payment_received:${p.id}`,
        type: 'payment_received',
        date: (p.completedAt ?? new Date(0)).toISOString(),
        user: { name: p.payerName },
        participant: { amountDue: toDecimalString(p.receivedPence) },
        method: p.method,
        bill: {
          id: p.billId,
          name: p.billName,
          status: p.billStatus,
          participants: namesOf.get(p.billId) ?? [],
        },
      }));
      const givenBack: Activity[] = back.map((e, i) => {
        const d = backData[i]!;
        const who = d.participantIds.map((id) => nameOf.get(id)).filter((n) => n !== undefined);
        return {
          id: `${d.type}:${e.billId}:${e.seq}`,
          type: d.type,
          date: e.at.toISOString(),
          user: who.length ? { name: joinNames(who) } : null,
          participant: d.amount ? { amountDue: d.amount } : null,
          ...(d.dispute ? { dispute: d.dispute } : {}),
          bill: {
            id: e.billId,
            name: e.billName,
            status: e.billStatus,
            participants: namesOf.get(e.billId) ?? [],
          },
        };
      });
      const activities = [...created, ...received, ...givenBack]
        .sort((x, y) => y.date.localeCompare(x.date))
        .slice(0, ACTIVITY_LIMIT);
      return { activities, unseenCount: unseenBills + unseenPayments + unseenBack };
    },

    async markActivitySeen(ownerId: string): Promise<{ seenAt: string }> {
      const at = clock();
      await repo.markSeen(ownerId, at);
      return { seenAt: at.toISOString() };
    },
  };
}

/** A refund's or dispute's event data, as settlement recorded it (contracts/live.ts). */
function moneyBackData(type: string, data: unknown) {
  if (type === 'payment.refunded') {
    const d = billEventDataSchemas['payment.refunded'].parse(data);
    return { type: 'payment_refunded' as const, ...d, dispute: undefined };
  }
  const d = billEventDataSchemas['payment.disputed'].parse(data);
  return { type: 'payment_disputed' as const, ...d, amount: undefined };
}

/** "Priya", "Priya and Sam", "Priya, Sam and Jo". */
function joinNames(names: string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export type ActivityService = ReturnType<typeof createActivityService>;
