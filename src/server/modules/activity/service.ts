import type { Activity, ActivityResponse } from '../../../contracts/bills';
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
      const [{ bills: recent }, paid, unseenBills, unseenPayments] = await Promise.all([
        bills.listBills(ownerId, ACTIVITY_LIMIT),
        repo.recentPayments(ownerId, ACTIVITY_LIMIT),
        repo.countUnseenBills(ownerId),
        repo.countUnseenPayments(ownerId),
      ]);
      const people = await repo.peopleOf([...new Set(paid.map((p) => p.billId))]);
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
      const activities = [...created, ...received]
        .sort((x, y) => y.date.localeCompare(x.date))
        .slice(0, ACTIVITY_LIMIT);
      return { activities, unseenCount: unseenBills + unseenPayments };
    },

    async markActivitySeen(ownerId: string): Promise<{ seenAt: string }> {
      const at = clock();
      await repo.markSeen(ownerId, at);
      return { seenAt: at.toISOString() };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
