import type {
  BillDetail,
  BillListItem,
  BillListResponse,
  CreateBillBody,
  RenameBillBody,
  WholeBillBody,
} from '../../../contracts/bills';
import { platformFee } from '../../../domain/fees';
import { toIsoDate } from '../../../domain/formats';
import { MAX_BILL_PENCE, toDecimalString, toPence, type Pence } from '../../../domain/money';
import { declaredShareLines, shareLinesOf, type ParticipantLines } from '../../../domain/shares';
import {
  amountsProblem,
  BILL_BELOW_ZERO_MESSAGE,
  BILL_TOO_LARGE_MESSAGE,
  billTotals,
  splitBill,
  splitInputProblem,
  unallocatedItems,
  type SplitInput,
  type SplitResult,
} from '../../../domain/split';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { Db } from '../../db/client';
import { recordBillEvent } from '../live/events';
import {
  createBillsRepo,
  inTransaction,
  isBillId,
  type BillAggregate,
  type BillRow,
  type BillsRepo,
  type Cursor,
  type NewWholeBill,
  type ShareLineRow,
} from './repo';

export const BILL_NOT_FOUND = 'Bill not found - it may have been deleted';

const money = (p: Pence) => toDecimalString(p);

// --- cursors --------------------------------------------------------------------------------------

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

const invalidCursor = () => badRequest('Invalid cursor', { cursor: 'is not valid' });

/**
 * Reads a cursor made by encodeCursor; anything else (a forged id, a date PostgreSQL cannot hold)
 * is refused with 400 before it reaches a query.
 */
export function decodeCursor(s: string): Cursor {
  const parts = Buffer.from(s, 'base64url').toString('utf8').split('|');
  const [iso, id] = parts;
  if (parts.length !== 2 || !iso || !id || !isBillId(id)) throw invalidCursor();
  // Only what toISOString writes for years 1970 to 9999 (no '+275760-...' extended years).
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso)) throw invalidCursor();
  const createdAt = new Date(iso);
  if (Number.isNaN(createdAt.getTime()) || createdAt.getUTCFullYear() < 1970) throw invalidCursor();
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
    taxPence: agg.bill.taxPence,
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

export interface Amounts {
  totals: {
    subtotalPence: Pence;
    serviceChargePence: Pence;
    tipPence: Pence;
    taxPence: Pence;
    totalPence: Pence;
    feePence: Pence;
  };
  /** In participant order: what each owes, line by line (domain/shares.ts). */
  perParticipant: ParticipantLines[];
}

/** A bill's split, computed by the domain: once at each save, never to read a stored bill. */
export function computeAmounts(agg: BillAggregate): Amounts {
  const { bill, participants } = agg;
  if (hasDeclaredTotals(bill) || participants.length === 0 || agg.items.length === 0) {
    return {
      totals: {
        subtotalPence: bill.subtotalPence,
        serviceChargePence: bill.serviceChargePence,
        tipPence: bill.tipPence,
        taxPence: bill.taxPence,
        totalPence: bill.totalPence,
        feePence: platformFee(bill.totalPence),
      },
      perParticipant: declaredShareLines(
        {
          subtotalPence: bill.subtotalPence,
          serviceChargePence: bill.serviceChargePence,
          tipPence: bill.tipPence,
          taxPence: bill.taxPence,
        },
        participants.length,
      ),
    };
  }
  const input = splitInputOf(agg);
  const r = splitBill(input);
  return {
    totals: {
      subtotalPence: r.subtotal,
      serviceChargePence: r.serviceCharge,
      tipPence: r.tip,
      taxPence: r.tax,
      totalPence: r.total,
      feePence: r.fee,
    },
    perParticipant: shareLinesOf(input, r),
  };
}

/** Stores a freshly computed split: totals, amounts due and every participant's lines. */
async function storeAmounts(tx: BillsRepo, agg: BillAggregate, amounts: Amounts) {
  await tx.updateBillTotals(agg.bill.id, amounts.totals);
  await tx.updateParticipantAmounts(
    agg.participants.map((p, i) => ({
      id: p.id,
      amountDuePence: amounts.perParticipant[i]!.amountPence,
      feePence: amounts.perParticipant[i]!.feePence,
    })),
  );
  await tx.replaceShareLines(
    agg.bill.id,
    agg.participants.map((p, i) => ({
      participantId: p.id,
      lines: amounts.perParticipant[i]!.lines,
    })),
    agg.items.map((it) => it.id),
  );
}

const lineOut = (line: ShareLineRow) => ({
  kind: line.kind,
  name: line.name,
  amount: money(line.amountPence),
  portions: line.portionHalves === null ? null : line.portionHalves / 2,
});

/** A stored bill as the API shows it: every amount is read from what was stored at save. */
function toDetail(agg: BillAggregate): BillDetail {
  const { bill } = agg;
  const linesOf = new Map<string, ShareLineRow[]>();
  for (const line of agg.lines) {
    const list = linesOf.get(line.participantId) ?? [];
    list.push(line);
    linesOf.set(line.participantId, list);
  }
  const settled = new Map(agg.settlements.map((s) => [s.participantId, s]));
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
    participants: agg.participants.map((p) => {
      const lines = linesOf.get(p.id) ?? [];
      const settlement = settled.get(p.id);
      return {
        id: p.id,
        billId: bill.id,
        participantName: p.name,
        isCreator: p.isCreator,
        amountDue: money(p.amountDuePence),
        fee: money(p.feePence),
        amountDueIncludingFee: money(p.amountDuePence + p.feePence),
        status: p.status,
        assignedItems: lines
          .filter((line) => line.kind === 'item')
          .map((line) => ({
            name: line.name,
            amount: money(line.amountPence),
            portions: line.portionHalves === null ? 0 : line.portionHalves / 2,
          })),
        lines: lines.map(lineOut),
        paidAt: p.status === 'paid' ? (settlement?.paidAt?.toISOString() ?? null) : null,
        paidMethod: p.status === 'paid' ? (settlement?.method ?? null) : null,
        disputed: p.status === 'pending' && settlement?.disputed === true,
      };
    }),
    // A bill's links are its settlements: one per participant other than the creator.
    hasPaymentLinks: agg.settlements.length > 0,
    hasPayments: agg.hasPayments,
    archived: bill.archivedAt !== null,
  };
}

// --- lists ----------------------------------------------------------------------------------------

type ListRow = Awaited<ReturnType<BillsRepo['listBills']>>['page'][number];

/** Bills as the lists show them, each with its people in order. */
function listItems(page: ListRow[]): BillListItem[] {
  return page.map((b) => ({
    id: b.id,
    name: b.name,
    date: b.billDate,
    createdAt: b.createdAt.toISOString(),
    status: b.status,
    totalAmount: money(b.totalPence),
    tax: money(b.taxPence),
    owed: money(b.owedPence),
    participants: b.people.map((p) => ({
      id: p.id,
      participantName: p.name,
      isCreator: p.isCreator,
      status: p.status,
    })),
  }));
}

// --- the use-cases ----------------------------------------------------------------------------------

export function createBillsService(db: Db, clock: () => Date = () => new Date()) {
  const repo = createBillsRepo(db);

  /**
   * Recomputes and stores a bill's split after a step-by-step change; refused once links exist, and
   * refused (400, nothing stored) when the change would take a total or a share below zero.
   */
  async function recompute(tx: BillsRepo, bill: BillRow) {
    const agg = await tx.loadAggregate(bill);
    if (!hasDeclaredTotals(bill) && agg.participants.length && agg.items.length) {
      const problem = amountsProblem(splitInputOf(agg));
      if (problem) throw new AppError(400, 'amounts_refused', problem, { amount: problem });
    }
    const amounts = computeAmounts(agg);
    await storeAmounts(tx, agg, amounts);
    return { agg, amounts };
  }

  async function refuseIfLinked(tx: BillsRepo, bill: BillRow) {
    if (bill.status === 'picking')
      throw new AppError(
        409,
        'bill_picking',
        'Friends are picking their items on this bill: change picks from the picking screen.',
      );
    if (await tx.hasPaymentLinks(bill.id))
      throw new AppError(
        409,
        'bill_has_payment_links',
        'This bill has payment links, so its people and amounts can no longer change.',
      );
  }

  /**
   * A whole bill checked and split by the domain (DECISIONS.md: amounts due computed here with
   * src/domain): what POST and PUT /api/bills store, or a 400 naming the field.
   */
  function planWholeBill(ownerId: string, body: WholeBillBody) {
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
      taxPence: body.tax === undefined ? 0 : toPence(body.tax),
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
    // A bill saved for picking needs no assignments yet: its items are checked as an equal split
    // would be (sizes, a total below zero), and nobody owes anything until they pick.
    const picking = body.status === 'picking';
    const checked: SplitInput = picking ? { ...input, mode: 'equal' } : input;
    const problem = splitInputProblem(checked);
    const amountsRefused = amountsProblem(checked);
    if (!problem && amountsRefused)
      throw new AppError(400, 'amounts_refused', amountsRefused, { items: amountsRefused });
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
      result = picking ? nothingOwed(input) : splitBill(input);
    } catch (err) {
      throw badRequest(err instanceof Error ? err.message : 'This bill cannot be split');
    }
    if (body.totalAmount !== undefined && toPence(body.totalAmount) !== result.total) {
      throw new AppError(
        400,
        'amount_mismatch',
        `The total does not match the bill: its items, tip, service charge and tax come to ${money(result.total)}`,
        { totalAmount: `expected ${money(result.total)}` },
      );
    }

    const lines = picking
      ? result.participants.map(() => ({ lines: [], amountPence: 0, feePence: 0 }))
      : shareLinesOf(input, result);
    // A bill where nobody but its creator owes anything has nothing to collect: Completed at once.
    const friends = result.participants.slice(1);
    const nobodyOwes =
      !picking && friends.length > 0 && friends.every((p) => p.amount + p.feePence === 0);
    return {
      bill: {
        ownerId,
        name: body.name,
        billDate: body.date ?? toIsoDate(clock()),
        status: nobodyOwes ? ('completed' as const) : body.status,
        mode: body.mode,
        tipBasisPoints: Math.round(body.tipPercent * 100),
        subtotalPence: result.subtotal,
        serviceChargePence: result.serviceCharge,
        tipPence: result.tip,
        taxPence: result.tax,
        totalPence: result.total,
        feePence: result.fee,
        receiptId: body.receiptId ?? null,
        clientKey: body.clientKey ?? null,
      },
      participants: result.participants.map((p, i) => ({
        key: p.id,
        name: p.name,
        isCreator: i === 0,
        amountDuePence: p.amount,
        feePence: p.feePence,
        lines: lines[i]!.lines,
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
    } satisfies NewWholeBill;
  }

  /** A bill may name a scan of its owner's only: not another user's, not one that never was. */
  async function refuseForeignReceipt(tx: BillsRepo, ownerId: string, receiptId?: string) {
    if (receiptId !== undefined && !(await tx.ownsReceipt(ownerId, receiptId)))
      throw badRequest('The receipt scan was not found', {
        receiptId: 'is not one of your receipt scans',
      });
  }

  return {
    /** DECISIONS.md: a whole bill in one transaction, amounts due computed here with src/domain. */
    async createWholeBill(
      ownerId: string,
      body: WholeBillBody,
    ): Promise<{ id: string; created: boolean }> {
      const plan = planWholeBill(ownerId, body);
      return inTransaction(db, async (tx) => {
        await refuseForeignReceipt(tx, ownerId, body.receiptId);
        return tx.insertWholeBill(plan);
      });
    },

    /**
     * PUT /api/bills/:id: the whole bill again (DECISIONS.md Managing saved bills), its items,
     * people and shares replaced and recomputed in one transaction; refused (409) once links exist.
     */
    async updateWholeBill(ownerId: string, billId: string, body: WholeBillBody) {
      const plan = planWholeBill(ownerId, body);
      return inTransaction(db, async (tx) => {
        const bill = await tx.findOwnedBill(ownerId, billId, true);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        await refuseIfLinked(tx, bill);
        await refuseForeignReceipt(tx, ownerId, body.receiptId);
        // The bill keeps its own client key: a key belongs to the save that made it.
        await tx.replaceWholeBill(bill.id, {
          ...plan,
          bill: { ...plan.bill, clientKey: bill.clientKey },
        });
        const agg = await tx.loadOwnedAggregate(ownerId, bill.id);
        return toDetail(agg!);
      });
    },

    /**
     * DELETE /api/bills/:id: a bill without payments goes, with its links (their pages then say the
     * bill is no longer available) and its scan if no other bill uses it. A bill with a payment,
     * or one being paid right now, stays (409): it can be archived instead.
     */
    async deleteBill(ownerId: string, billId: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const bill = await tx.findOwnedBill(ownerId, billId, true);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const payments = await tx.paymentStatesOf(bill.id);
        if (payments.includes('succeeded'))
          throw new AppError(
            409,
            'bill_has_payments',
            'Someone has paid towards this bill, so it cannot be deleted. You can archive it instead.',
          );
        if (payments.includes('open'))
          throw new AppError(
            409,
            'bill_payment_in_progress',
            'Someone is paying for this bill right now, so it cannot be deleted. Try again later, or archive it.',
          );
        await tx.deleteBill(bill);
      });
    },

    /** Archives (or brings back) the owner's bill: out of home and history, still exported. */
    async archiveBill(ownerId: string, billId: string, archived: boolean) {
      const row = await repo.setArchived(ownerId, billId, archived ? clock() : null);
      if (!row) throw notFound(BILL_NOT_FOUND);
      return { id: row.id, archived: row.archivedAt !== null };
    },

    /** The spec's POST /api/bills: declared totals; participants and items follow in later calls. */
    async createBill(ownerId: string, body: CreateBillBody): Promise<{ id: string }> {
      const total = toPence(body.totalAmount);
      const service = toPence(body.serviceCharge);
      const tip = toPence(body.tip);
      // Tax added on top of the prices is part of the total, shared with it (DECISIONS.md Money).
      const tax = toPence(body.tax);
      const fields: Record<string, string> = {};
      if (service < 0) fields.serviceCharge = 'must not be negative';
      if (tip < 0) fields.tip = 'must not be negative';
      if (tax < 0) fields.tax = 'must not be negative';
      if (total < service + tip + tax)
        fields.totalAmount = 'must be at least the service charge, the tip and the tax together';
      if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
      const id = await repo.insertBill({
        ownerId,
        name: body.name,
        billDate: body.date ?? toIsoDate(clock()),
        status: body.status === 'pending' ? 'active' : body.status,
        mode: 'equal',
        tipBasisPoints: null,
        subtotalPence: total - service - tip - tax,
        serviceChargePence: service,
        tipPence: tip,
        taxPence: tax,
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
        await refuseIfLinked(tx, bill);
        const position = await tx.nextPosition('participants', bill.id);
        const row = await tx.insertParticipant({
          billId: bill.id,
          position,
          name: body.participantName,
          // The creator is the signed-in owner; a person added here is always someone else, even
          // the first one (a bill made step by step has no creator row).
          isCreator: false,
          amountDuePence: 0,
          status: 'pending',
        });
        const { agg, amounts } = await recompute(tx, bill);
        const share = amounts.perParticipant[agg.participants.findIndex((p) => p.id === row.id)]!;
        const due = { amountDuePence: share.amountPence, feePence: share.feePence };
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
          lines: share.lines.map((line) => ({
            kind: line.kind,
            name: line.name,
            amount: money(line.amountPence),
            portions: line.portions,
          })),
          paidAt: null,
          paidMethod: null,
          disputed: false,
        };
      });
    },

    /** POST /api/bills/:id/items. On a bill saved whole, a new item is shared equally by everyone. */
    async addItem(ownerId: string, billId: string, body: { name: string; amount: string }) {
      return inTransaction(db, async (tx) => {
        const bill = await tx.findOwnedBill(ownerId, billId, true);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        await refuseIfLinked(tx, bill);
        const amountPence = toPence(body.amount);
        if (hasDeclaredTotals(bill)) {
          // The totals were declared first (the spec's calls): its items add up to at most its
          // subtotal, so they can be reconciled with it; never to more.
          const itemized = await tx.itemsTotal(bill.id);
          // The same rules as a whole bill: its size (every item, discounts by their size, the
          // service charge and the tax) at most MAX_BILL_PENCE, and its items never below zero.
          const size =
            (await tx.itemsSize(bill.id)) +
            Math.abs(amountPence) +
            Math.abs(bill.serviceChargePence) +
            Math.abs(bill.taxPence);
          if (size > MAX_BILL_PENCE)
            throw new AppError(400, 'bill_too_large', BILL_TOO_LARGE_MESSAGE, {
              amount: BILL_TOO_LARGE_MESSAGE,
            });
          if (itemized + amountPence < 0)
            throw new AppError(400, 'bill_below_zero', BILL_BELOW_ZERO_MESSAGE, {
              amount: 'would take the items below £0.00',
            });
          if (itemized + amountPence > bill.subtotalPence) {
            const room = money(Math.max(0, bill.subtotalPence - itemized));
            throw new AppError(
              400,
              'items_exceed_subtotal',
              `The items would come to more than the bill's subtotal of £${money(bill.subtotalPence)}: £${room} is left to itemise`,
              { amount: `must be at most ${room}` },
            );
          }
        }
        const position = await tx.nextPosition('items', bill.id);
        const row = await tx.insertItem({
          billId: bill.id,
          position,
          name: body.name || 'Unknown Item',
          amountPence,
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
      const { page, hasMore } = await repo.listBills(
        ownerId,
        limit,
        cursor ? decodeCursor(cursor) : undefined,
      );
      const last = page.at(-1);
      return {
        bills: listItems(page),
        nextCursor:
          hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
      };
    },

    /**
     * PATCH /api/bills/:id: a new name, nothing else. Allowed at any status: payers see the new
     * name, and no amount changes. Another user's bill is 404, as if it did not exist.
     */
    async renameBill(ownerId: string, billId: string, body: RenameBillBody) {
      return inTransaction(db, async (tx) => {
        const renamed = await tx.renameOwnedBill(ownerId, billId, body.name);
        if (!renamed) throw notFound(BILL_NOT_FOUND);
        await recordBillEvent(tx.db, renamed.id, 'bill.updated', { name: renamed.name });
        return renamed;
      });
    },

    /** Some of the owner's bills as the lists show them, newest first (the friends module's). */
    async billsByIds(ownerId: string, ids: string[]): Promise<BillListItem[]> {
      return listItems(await repo.billsByIds(ownerId, ids));
    },

    async getBill(ownerId: string, billId: string): Promise<BillDetail> {
      const agg = await repo.loadOwnedAggregate(ownerId, billId);
      if (!agg) throw notFound(BILL_NOT_FOUND);
      return toDetail(agg);
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;

/** A bill saved for picking: its totals, and nobody owing anything until they pick. */
function nothingOwed(input: SplitInput): SplitResult {
  const totals = billTotals(input);
  const fee = platformFee(totals.total);
  return {
    ...totals,
    participants: input.participants.map((p) => ({
      id: p.id,
      name: p.name,
      originalAmount: 0,
      tipPence: 0,
      serviceChargePence: 0,
      taxPence: 0,
      amount: 0,
      feePence: 0,
      amountIncludingFeePence: 0,
      items: [],
    })),
    fee,
    feePerParticipant: input.participants.map(() => 0),
    totalIncludingFees: totals.total + fee,
  };
}
