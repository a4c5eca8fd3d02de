import type {
  Activity,
  ActivityResponse,
  BillDetail,
  BillListResponse,
  CreateBillBody,
  WholeBillBody,
} from '../../../contracts/bills';
import { splitEvenly } from '../../../domain/apportion';
import { platformFee } from '../../../domain/fees';
import { toIsoDate } from '../../../domain/formats';
import { toDecimalString, toPence, type Pence } from '../../../domain/money';
import {
  splitBill,
  splitInputProblem,
  unallocatedItems,
  type SplitInput,
} from '../../../domain/split';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { Db } from '../../db/client';
import {
  createBillsRepo,
  inTransaction,
  type BillAggregate,
  type BillRow,
  type BillsRepo,
  type Cursor,
} from './repo';

export const BILL_NOT_FOUND = 'Bill not found - it may have been deleted';
const ACTIVITY_LIMIT = 50;

const money = (p: Pence) => toDecimalString(p);

// --- cursors --------------------------------------------------------------------------------------

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

export function decodeCursor(s: string): Cursor {
  const [iso, id] = Buffer.from(s, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw badRequest('Invalid cursor', { cursor: 'is not valid' });
  return { createdAt, id };
}

// --- mapping stored bills to the domain's split input ---------------------------------------------

/** The split input a stored bill stands for, so amounts due are always recomputed the same way. */
export function splitInputOf(agg: BillAggregate): SplitInput {
  const byItem = new Map<string, { participantId: string; portions: number }[]>();
  for (const a of agg.assignments) {
    const list = byItem.get(a.itemId) ?? [];
    list.push({ participantId: a.participantId, portions: a.portionHalves / 2 });
    byItem.set(a.itemId, list);
  }
  return {
    mode: agg.bill.mode,
    tipPercent: (agg.bill.tipBasisPoints ?? 0) / 100,
    serviceChargePence: agg.bill.serviceChargePence,
    participants: agg.participants.map((p) => ({ id: p.id, name: p.name })),
    items: agg.items.map((it) => ({
      name: it.name,
      amountPence: it.amountPence,
      splitMode: it.splitMode,
      // Keep the stored order of people on an item: it decides who gets a remainder penny.
      assignments: (byItem.get(it.id) ?? []).sort(
        (x, y) => positionOf(agg, x.participantId) - positionOf(agg, y.participantId),
      ),
    })),
  };
}

function positionOf(agg: BillAggregate, participantId: string) {
  return agg.participants.find((p) => p.id === participantId)?.position ?? 0;
}

/**
 * A bill made step by step (the spec's calls) declares its totals up front, with no tip percent:
 * its total is shared evenly. A bill saved whole is split by the domain from its items.
 */
const hasDeclaredTotals = (bill: BillRow) => bill.tipBasisPoints === null;

interface Amounts {
  totals: {
    subtotalPence: Pence;
    serviceChargePence: Pence;
    tipPence: Pence;
    totalPence: Pence;
    feePence: Pence;
  };
  perParticipant: Map<string, { amountDuePence: Pence; feePence: Pence }>;
}

function computeAmounts(agg: BillAggregate): Amounts {
  const { bill, participants } = agg;
  if (hasDeclaredTotals(bill) || participants.length === 0 || agg.items.length === 0) {
    const fee = platformFee(bill.totalPence);
    const dues = splitEvenly(bill.totalPence, Math.max(participants.length, 1));
    const fees = splitEvenly(fee, Math.max(participants.length, 1));
    return {
      totals: {
        subtotalPence: bill.subtotalPence,
        serviceChargePence: bill.serviceChargePence,
        tipPence: bill.tipPence,
        totalPence: bill.totalPence,
        feePence: fee,
      },
      perParticipant: new Map(
        participants.map((p, i) => [p.id, { amountDuePence: dues[i]!, feePence: fees[i]! }]),
      ),
    };
  }
  const r = splitBill(splitInputOf(agg));
  return {
    totals: {
      subtotalPence: r.subtotal,
      serviceChargePence: r.serviceCharge,
      tipPence: r.tip,
      totalPence: r.total,
      feePence: r.fee,
    },
    perParticipant: new Map(
      r.participants.map((p) => [p.id, { amountDuePence: p.amount, feePence: p.feePence }]),
    ),
  };
}

function toDetail(agg: BillAggregate): BillDetail {
  const { bill } = agg;
  const byId = new Map(agg.items.map((i) => [i.id, i]));
  const shares =
    hasDeclaredTotals(bill) || !agg.items.length || !agg.participants.length
      ? null
      : splitBill(splitInputOf(agg));
  return {
    id: bill.id,
    name: bill.name,
    date: bill.billDate,
    createdAt: bill.createdAt.toISOString(),
    createdBy: bill.ownerId,
    creatorName: agg.creatorName,
    status: bill.status,
    mode: bill.mode,
    tipPercent: bill.tipBasisPoints === null ? null : bill.tipBasisPoints / 100,
    subtotal: money(bill.subtotalPence),
    tax: money(bill.taxPence),
    serviceCharge: money(bill.serviceChargePence),
    tip: money(bill.tipPence),
    totalAmount: money(bill.totalPence),
    fee: money(bill.feePence),
    totalIncludingFees: money(bill.totalPence + bill.feePence),
    receiptId: bill.receiptId,
    items: agg.items.map((it) => ({
      id: it.id,
      billId: bill.id,
      name: it.name,
      amount: money(it.amountPence),
      splitMode: it.splitMode,
      assignments: agg.assignments
        .filter((a) => a.itemId === it.id)
        .map((a) => ({ participantId: a.participantId, portions: a.portionHalves / 2 })),
    })),
    participants: agg.participants.map((p, i) => {
      // Item lines come from the same split that set the amount due, so they add up to it.
      const lines = shares?.participants[i]?.items ?? [];
      return {
        id: p.id,
        billId: bill.id,
        participantName: p.name,
        isCreator: p.isCreator,
        amountDue: money(p.amountDuePence),
        fee: money(p.feePence),
        amountDueIncludingFee: money(p.amountDuePence + p.feePence),
        status: p.status,
        lines: [],
        paidAt: null,
        paidMethod: null,
        assignedItems: lines.map((line) => {
          const item = agg.items[line.itemIndex];
          const a = agg.assignments.find((x) => x.itemId === item?.id && x.participantId === p.id);
          return {
            name: line.name,
            amount: money(line.amountPence),
            portions: a
              ? a.portionHalves / 2
              : byId.get(item?.id ?? '')?.splitMode === 'equally'
                ? 1
                : 0,
          };
        }),
      };
    }),
  };
}

// --- the use-cases ----------------------------------------------------------------------------------

export function createBillsService(db: Db, clock: () => Date = () => new Date()) {
  const repo = createBillsRepo(db);

  async function recompute(tx: BillsRepo, bill: BillRow) {
    const agg = await tx.loadAggregate(bill);
    const amounts = computeAmounts(agg);
    await tx.updateBillTotals(bill.id, amounts.totals);
    await tx.updateParticipantAmounts(
      [...amounts.perParticipant].map(([id, a]) => ({
        id,
        amountDuePence: a.amountDuePence,
        feePence: a.feePence,
      })),
    );
    return amounts;
  }

  return {
    /** DECISIONS.md: a whole bill in one transaction, amounts due computed here with src/domain. */
    async createWholeBill(ownerId: string, body: WholeBillBody): Promise<{ id: string }> {
      const keys = new Set<string>();
      body.participants.forEach((p, i) => {
        if (keys.has(p.key))
          throw badRequest('Each participant needs its own key', {
            [`participants.${i}.key`]: 'is repeated',
          });
        keys.add(p.key);
      });
      body.items.forEach((it, i) =>
        it.assignments.forEach((a, j) => {
          if (!keys.has(a.participant)) {
            throw badRequest(`Item ${i + 1} is assigned to an unknown participant`, {
              [`items.${i}.assignments.${j}.participant`]: 'is not one of the participants',
            });
          }
        }),
      );

      const input: SplitInput = {
        mode: body.mode,
        tipPercent: body.tipPercent,
        serviceChargePence: toPence(body.serviceCharge),
        participants: body.participants.map((p) => ({ id: p.key, name: p.name })),
        items: body.items.map((it) => ({
          name: it.name || 'Unknown Item',
          amountPence: toPence(it.amount),
          splitMode: it.splitMode,
          assignments: it.assignments.map((a) => ({
            participantId: a.participant,
            portions: a.portions,
          })),
        })),
      };
      const problem = splitInputProblem(input);
      if (problem) {
        const field = problem.code === 'missing-participants' ? 'participants' : 'items';
        const unallocated = unallocatedItems(input);
        const fields: Record<string, string> =
          problem.code === 'items-unallocated'
            ? Object.fromEntries(
                unallocated.map((i) => [`items.${i}.assignments`, 'nobody is assigned']),
              )
            : { [field]: problem.description };
        throw new AppError(400, problem.code.replaceAll('-', '_'), problem.title, fields);
      }
      let result;
      try {
        result = splitBill(input);
      } catch (err) {
        throw badRequest(err instanceof Error ? err.message : 'This bill cannot be split');
      }
      if (body.totalAmount !== undefined && toPence(body.totalAmount) !== result.total) {
        throw new AppError(
          400,
          'amount_mismatch',
          `The total does not match the bill: its items, tip and service charge come to ${money(result.total)}`,
          { totalAmount: `expected ${money(result.total)}` },
        );
      }

      const id = await inTransaction(db, (tx) =>
        tx.insertWholeBill({
          bill: {
            ownerId,
            name: body.name,
            billDate: body.date ?? toIsoDate(clock()),
            status: body.status,
            mode: body.mode,
            tipBasisPoints: Math.round(body.tipPercent * 100),
            subtotalPence: result.subtotal,
            serviceChargePence: result.serviceCharge,
            tipPence: result.tip,
            taxPence: 0,
            totalPence: result.total,
            feePence: result.fee,
            receiptId: body.receiptId ?? null,
          },
          participants: result.participants.map((p, i) => ({
            key: p.id,
            name: p.name,
            isCreator: i === 0,
            amountDuePence: p.amount,
            feePence: p.feePence,
          })),
          items: body.items.map((it, i) => ({
            name: input.items[i]!.name,
            amountPence: input.items[i]!.amountPence,
            splitMode: it.splitMode,
            assignments:
              it.splitMode === 'equally'
                ? []
                : it.assignments.map((a) => ({
                    participantKey: a.participant,
                    portionHalves: Math.round(a.portions * 2),
                  })),
          })),
        }),
      );
      return { id };
    },

    /** The spec's POST /api/bills: declared totals; participants and items follow in later calls. */
    async createBill(ownerId: string, body: CreateBillBody): Promise<{ id: string }> {
      const total = toPence(body.totalAmount);
      const service = toPence(body.serviceCharge);
      const tip = toPence(body.tip);
      const fields: Record<string, string> = {};
      if (body.tax !== undefined && toPence(body.tax) !== 0)
        fields.tax = "must be '0': prices include VAT";
      if (service < 0) fields.serviceCharge = 'must not be negative';
      if (tip < 0) fields.tip = 'must not be negative';
      if (total < service + tip)
        fields.totalAmount = 'must be at least the service charge plus the tip';
      if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
      const id = await repo.insertBill({
        ownerId,
        name: body.name,
        billDate: body.date ?? toIsoDate(clock()),
        status: body.status === 'pending' ? 'active' : body.status,
        mode: 'equal',
        tipBasisPoints: null,
        subtotalPence: total - service - tip,
        serviceChargePence: service,
        tipPence: tip,
        taxPence: 0,
        totalPence: total,
        feePence: platformFee(total),
      });
      return { id };
    },

    /** POST /api/bill-participants: adds a person; every amount due on the bill is recomputed. */
    async addParticipant(
      ownerId: string,
      body: {
        billId: string;
        participantName: string;
        amountDue: string;
        status: 'pending' | 'paid';
      },
    ) {
      return inTransaction(db, async (tx) => {
        const bill = await tx.findOwnedBill(ownerId, body.billId, true);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const position = await tx.nextPosition('participants', bill.id);
        const row = await tx.insertParticipant({
          billId: bill.id,
          position,
          name: body.participantName,
          isCreator: position === 0,
          amountDuePence: 0,
          status: 'pending',
        });
        const amounts = await recompute(tx, bill);
        const due = amounts.perParticipant.get(row.id)!;
        const sent = toPence(body.amountDue);
        // The spec creates participants with '0'; any other amount must be the server's own.
        if (sent !== 0 && sent !== due.amountDuePence) {
          throw new AppError(
            400,
            'amount_mismatch',
            `amountDue does not match the bill: expected ${money(due.amountDuePence)}`,
            {
              amountDue: `expected ${money(due.amountDuePence)}`,
            },
          );
        }
        if (body.status === 'paid')
          throw badRequest('A participant starts as pending', { status: "must be 'pending'" });
        return {
          id: row.id,
          billId: bill.id,
          participantName: row.name,
          isCreator: row.isCreator,
          amountDue: money(due.amountDuePence),
          fee: money(due.feePence),
          amountDueIncludingFee: money(due.amountDuePence + due.feePence),
          status: row.status,
          assignedItems: [],
          lines: [],
          paidAt: null,
          paidMethod: null,
        };
      });
    },

    /** POST /api/bills/:id/items. On a bill saved whole, a new item is shared equally by everyone. */
    async addItem(ownerId: string, billId: string, body: { name: string; amount: string }) {
      return inTransaction(db, async (tx) => {
        const bill = await tx.findOwnedBill(ownerId, billId, true);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const position = await tx.nextPosition('items', bill.id);
        const row = await tx.insertItem({
          billId: bill.id,
          position,
          name: body.name || 'Unknown Item',
          amountPence: toPence(body.amount),
          splitMode: hasDeclaredTotals(bill) ? 'manual' : 'equally',
        });
        if (!hasDeclaredTotals(bill)) await recompute(tx, bill);
        return {
          id: row.id,
          billId: bill.id,
          name: row.name,
          amount: money(row.amountPence),
          splitMode: row.splitMode,
          assignments: [],
        };
      });
    },

    async listBills(ownerId: string, limit: number, cursor?: string): Promise<BillListResponse> {
      const { page, people, hasMore } = await repo.listBills(
        ownerId,
        limit,
        cursor ? decodeCursor(cursor) : undefined,
      );
      const byBill = new Map<string, typeof people>();
      for (const p of people) byBill.set(p.billId, [...(byBill.get(p.billId) ?? []), p]);
      const last = page.at(-1);
      return {
        bills: page.map((b) => ({
          id: b.id,
          name: b.name,
          date: b.billDate,
          createdAt: b.createdAt.toISOString(),
          status: b.status,
          totalAmount: money(b.totalPence),
          participants: (byBill.get(b.id) ?? []).map((p) => ({
            id: p.id,
            participantName: p.name,
            isCreator: p.isCreator,
            status: p.status,
          })),
        })),
        nextCursor:
          hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
      };
    },

    async getBill(ownerId: string, billId: string): Promise<BillDetail> {
      const bill = await repo.findOwnedBill(ownerId, billId);
      if (!bill) throw notFound(BILL_NOT_FOUND);
      return toDetail(await repo.loadAggregate(bill));
    },

    /** Activity is read from the bills (and, once they exist, payments): never a second copy. */
    async activity(ownerId: string): Promise<ActivityResponse> {
      const [{ bills }, unseenCount] = await Promise.all([
        this.listBills(ownerId, ACTIVITY_LIMIT),
        repo.countUnseenBills(ownerId),
      ]);
      const activities: Activity[] = bills.map((b) => ({
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
      return { activities, unseenCount };
    },

    async markActivitySeen(ownerId: string): Promise<{ seenAt: string }> {
      const at = clock();
      await repo.markSeen(ownerId, at);
      return { seenAt: at.toISOString() };
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
