import { and, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { ShareLine } from '../../../domain/shares';
import type { Db } from '../../db/client';
import {
  billItems,
  billParticipants,
  bills,
  itemAssignments,
  paymentLinks,
  payments,
  receipts,
  shareLines,
  user,
} from '../../db/schema';

export type BillRow = typeof bills.$inferSelect;
export type NewBillRow = typeof bills.$inferInsert;
export type ItemRow = typeof billItems.$inferSelect;
export type ParticipantRow = typeof billParticipants.$inferSelect;
export type AssignmentRow = typeof itemAssignments.$inferSelect;
export type ShareLineRow = typeof shareLines.$inferSelect;

/** How a participant's share was settled, from their payment link. */
export interface Settlement {
  participantId: string;
  paidAt: Date | null;
  method: 'card' | 'cash' | 'bank_transfer' | null;
  /** A payment by the link was disputed with the payer's bank, and the dispute is still open. */
  disputed: boolean;
}

export interface BillAggregate {
  bill: BillRow;
  creatorName: string;
  items: ItemRow[];
  participants: ParticipantRow[];
  assignments: AssignmentRow[];
  /** Stored share lines, in participant then line order. */
  lines: ShareLineRow[];
  settlements: Settlement[];
  /** Whether anyone has paid towards it (a payment that succeeded). */
  hasPayments: boolean;
}

/** A participant's stored lines: `itemIndex` of item lines is the item's position in the bill. */
export interface ParticipantLinesRow {
  participantId: string;
  lines: ShareLine[];
}

export interface NewWholeBill {
  bill: NewBillRow;
  participants: {
    key: string;
    name: string;
    isCreator: boolean;
    amountDuePence: number;
    feePence: number;
    lines: ShareLine[];
  }[];
  items: {
    name: string;
    amountPence: number;
    splitMode: 'manual' | 'equally';
    assignments: { participantKey: string; portionHalves: number }[];
  }[];
}

export interface Cursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a bill or a scan (and must not reach a uuid cast). */
export const isBillId = (id: string) => UUID.test(id);

/** Runs `fn` in one transaction, with a repo bound to it. */
export function inTransaction<T>(db: Db, fn: (repo: BillsRepo) => Promise<T>): Promise<T> {
  // Inside a transaction only the transaction handle may be used (PGlite runs one at a time).
  return db.transaction((tx) => fn(createBillsRepo(tx as unknown as Db)));
}

export function createBillsRepo(db: Db) {
  // The hot reads, built once per handle and sent as named (server-side prepared) statements.
  let prepared: ReturnType<typeof prepareStatements> | undefined;
  const statements = () => (prepared ??= prepareStatements(db));

  return {
    /** This repo's handle (the transaction's, inside one): for recordBillEvent. */
    db,

    /**
     * Inserts a bill with its participants, items and assignments; call inside a transaction. A
     * bill whose owner already has one with the same client key is not inserted again: the first
     * one's id comes back with `created: false` (on PostgreSQL a concurrent twin waits for the
     * first to commit, then finds it).
     */
    async insertWholeBill(input: NewWholeBill): Promise<{ id: string; created: boolean }> {
      const [bill] = await db
        .insert(bills)
        .values(input.bill)
        .onConflictDoNothing({ target: [bills.ownerId, bills.clientKey] })
        .returning({ id: bills.id });
      if (!bill) {
        const [first] = await db
          .select({ id: bills.id })
          .from(bills)
          .where(
            and(eq(bills.ownerId, input.bill.ownerId), eq(bills.clientKey, input.bill.clientKey!)),
          );
        return { id: first!.id, created: false };
      }
      await insertParts(db, bill.id, input);
      return { id: bill.id, created: true };
    },

    /** Replaces a bill's stored share lines (a step-by-step bill whose split changed). */
    async replaceShareLines(billId: string, rows: ParticipantLinesRow[], itemIds: string[]) {
      await db.delete(shareLines).where(eq(shareLines.billId, billId));
      await insertLines(db, billId, rows, itemIds);
      await db.update(bills).set({ sharesStored: true }).where(eq(bills.id, billId));
    },

    /** Whether payment links exist for the bill: its amounts can no longer change. */
    async hasPaymentLinks(billId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(eq(paymentLinks.billId, billId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Replaces a bill's row values and all of its parts (PUT /api/bills/:id); inside a
     * transaction, the bill locked. Removing the people removes their assignments and lines too.
     */
    async replaceWholeBill(billId: string, input: NewWholeBill) {
      await db.delete(billItems).where(eq(billItems.billId, billId));
      await db.delete(billParticipants).where(eq(billParticipants.billId, billId));
      const { ownerId: _owner, ...values } = input.bill;
      await db
        .update(bills)
        .set({ ...values, sharesStored: true, updatedAt: new Date() })
        .where(eq(bills.id, billId));
      await insertParts(db, billId, input);
    },

    /** The states of the bill's payments (open, succeeded, failed...), one per payment. */
    async paymentStatesOf(billId: string): Promise<string[]> {
      const rows = await db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.billId, billId));
      return rows.map((r) => r.status);
    },

    /**
     * Deletes a bill with everything under it; its links' tokens are kept as cancelled, and its
     * scan goes too when no other bill uses it. Inside a transaction, the bill locked.
     */
    async deleteBill(bill: BillRow) {
      await db.execute(sql`insert into cancelled_payment_links (token, owner_id)
        select token, ${bill.ownerId} from payment_links where bill_id = ${bill.id}
        on conflict do nothing`);
      await db.delete(bills).where(eq(bills.id, bill.id));
      if (bill.receiptId)
        await db.execute(sql`delete from receipts r where r.id = ${bill.receiptId}
          and not exists (select 1 from bills b where b.receipt_id = r.id)`);
    },

    async setArchived(ownerId: string, billId: string, at: Date | null) {
      if (!isBillId(billId)) return undefined;
      const [row] = await db
        .update(bills)
        .set({ archivedAt: at, updatedAt: new Date() })
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)))
        .returning({ id: bills.id, archivedAt: bills.archivedAt });
      return row;
    },

    /** Bills saved before their shares were stored, locked so that two starts share the work. */
    async lockBillsWithoutShares(limit: number): Promise<BillRow[]> {
      return db
        .select()
        .from(bills)
        .where(eq(bills.sharesStored, false))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * Whether a receipt scan exists and belongs to this owner. Inside the save's transaction it is
     * locked against deletion (KEY SHARE, as the foreign key would), so the unused-scan cleanup
     * skips it, or, having deleted it first, leaves this answering false.
     */
    async ownsReceipt(ownerId: string, receiptId: string): Promise<boolean> {
      if (!isBillId(receiptId)) return false;
      const [row] = await db
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.id, receiptId), eq(receipts.ownerId, ownerId)))
        .limit(1)
        .for('key share');
      return row !== undefined;
    },

    /** The sum of a bill's item amounts, in pence. */
    /** The bill's items' size: each amount counted by its size, a discount too (billSizePence). */
    async itemsSize(billId: string): Promise<number> {
      const [row] = await db
        .select({
          size: sql<number>`coalesce(sum(abs(${billItems.amountPence})), 0)::bigint`.mapWith(
            Number,
          ),
        })
        .from(billItems)
        .where(eq(billItems.billId, billId));
      return row?.size ?? 0;
    },

    async itemsTotal(billId: string): Promise<number> {
      const [row] = await db
        .select({
          total: sql<number>`coalesce(sum(${billItems.amountPence}), 0)::bigint`.mapWith(Number),
        })
        .from(billItems)
        .where(eq(billItems.billId, billId));
      return row?.total ?? 0;
    },

    async insertBill(row: NewBillRow): Promise<string> {
      const [bill] = await db.insert(bills).values(row).returning({ id: bills.id });
      return bill!.id;
    },

    /** The owner's bill, locked for update when `lock` (inside a transaction). */
    async findOwnedBill(
      ownerId: string,
      billId: string,
      lock = false,
    ): Promise<BillRow | undefined> {
      if (!isBillId(billId)) return undefined;
      const q = db
        .select()
        .from(bills)
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)))
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** Renames the owner's bill in one statement: its name, or undefined when it is not theirs. */
    async renameOwnedBill(
      ownerId: string,
      billId: string,
      name: string,
    ): Promise<{ id: string; name: string } | undefined> {
      if (!isBillId(billId)) return undefined;
      const [row] = await db
        .update(bills)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)))
        .returning({ id: bills.id, name: bills.name });
      return row;
    },

    /** A bill with everything its detail shows, in one statement; the owner's only. */
    async loadOwnedAggregate(ownerId: string, billId: string): Promise<BillAggregate | undefined> {
      if (!isBillId(billId)) return undefined;
      const [row] = await statements().aggregate.execute({ billId, ownerId });
      return row && aggregateOf(row, row);
    },

    /** Everything a stored bill's split and detail need (`bill` as given, its parts read now). */
    async loadAggregate(bill: BillRow): Promise<BillAggregate> {
      const [row] = await statements().aggregate.execute({
        billId: bill.id,
        ownerId: bill.ownerId,
      });
      if (!row) throw new Error(`bill ${bill.id} vanished while it was read`);
      return aggregateOf(bill, row);
    },

    async nextPosition(table: 'items' | 'participants', billId: string): Promise<number> {
      const t = table === 'items' ? billItems : billParticipants;
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${t.position}) + 1, 0)::int` })
        .from(t)
        .where(eq(t.billId, billId));
      return row?.next ?? 0;
    },

    async insertParticipant(row: typeof billParticipants.$inferInsert): Promise<ParticipantRow> {
      const [p] = await db.insert(billParticipants).values(row).returning();
      return p!;
    },

    async insertItem(row: typeof billItems.$inferInsert): Promise<ItemRow> {
      const [it] = await db.insert(billItems).values(row).returning();
      return it!;
    },

    async updateBillTotals(
      billId: string,
      totals: Pick<
        BillRow,
        'subtotalPence' | 'serviceChargePence' | 'tipPence' | 'taxPence' | 'totalPence' | 'feePence'
      >,
    ) {
      await db
        .update(bills)
        .set({ ...totals, updatedAt: new Date() })
        .where(eq(bills.id, billId));
    },

    async updateParticipantAmounts(
      rows: { id: string; amountDuePence: number; feePence: number }[],
    ) {
      for (const r of rows) {
        await db
          .update(billParticipants)
          .set({ amountDuePence: r.amountDuePence, feePence: r.feePence })
          .where(eq(billParticipants.id, r.id));
      }
    },

    /**
     * One page of the owner's bills, newest first, keyset-paginated on (created_at, id), each with
     * its people: one statement.
     */
    async listBills(ownerId: string, limit: number, after?: Cursor) {
      const st = statements();
      const rows = after
        ? await st.listAfter.execute({
            ownerId,
            limit: limit + 1,
            afterAt: after.createdAt.toISOString(),
            afterId: after.id,
          })
        : await st.listFirst.execute({ ownerId, limit: limit + 1 });
      return { page: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /** Some of the owner's bills as the list shows them, newest first, with their people: 1 query. */
    async billsByIds(ownerId: string, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select(listColumns)
        .from(bills)
        .where(and(eq(bills.ownerId, ownerId), sql`${bills.id} = any(${sql.param(ids)}::uuid[])`))
        .orderBy(desc(bills.createdAt), desc(bills.id));
    },
  };
}

export type BillsRepo = ReturnType<typeof createBillsRepo>;

/** A bill's people as the list shows them (json from the list statement). */
export interface ListPerson {
  id: string;
  name: string;
  isCreator: boolean;
  status: 'pending' | 'paid';
}

/** Rows as json_build_object writes them: timestamps as text, bigints as numbers. */
type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

interface AggregateJson {
  ownerName: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  items: ItemRow[];
  participants: Json<ParticipantRow>[];
  assignments: AssignmentRow[];
  lines: ShareLineRow[];
  settlements: Json<Settlement>[];
  hasPayments: boolean;
}

function aggregateOf(bill: BillRow, row: AggregateJson): BillAggregate {
  const creatorName =
    [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ') || row.ownerName || '';
  return {
    bill,
    creatorName,
    items: row.items,
    participants: row.participants.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
    assignments: row.assignments,
    lines: row.lines,
    settlements: row.settlements.map((s) => ({
      ...s,
      paidAt: s.paidAt === null ? null : new Date(s.paidAt),
    })),
    hasPayments: row.hasPayments,
  };
}

/** A json array of `fields` over the rows of a subquery, '[]' when there are none. */
const jsonRows = <T>(fields: string, from: string, orderBy: string) =>
  sql<
    T[]
  >`coalesce((select json_agg(json_build_object(${sql.raw(fields)}) order by ${sql.raw(orderBy)}) ${sql.raw(from)}), '[]'::json)`;

/** The columns of a bill as the list shows it, with its people as json: one statement. */
const listColumns = {
  id: bills.id,
  name: bills.name,
  billDate: bills.billDate,
  createdAt: bills.createdAt,
  status: bills.status,
  totalPence: bills.totalPence,
  taxPence: bills.taxPence,
  owedPence: sql<number>`coalesce((select sum(o.amount_due_pence) from bill_participants o
    where o.bill_id = "bills"."id" and not o.is_creator and o.status = 'pending'), 0)::bigint`.mapWith(
    Number,
  ),
  people: jsonRows<ListPerson>(
    `'id', p.id, 'name', p.name, 'isCreator', p.is_creator, 'status', p.status`,
    `from bill_participants p where p.bill_id = "bills"."id"`,
    'p.position',
  ),
};

function prepareStatements(db: Db) {
  // Archived bills leave the lists (DECISIONS.md Managing saved bills); the export still has them.
  const mine = and(eq(bills.ownerId, sql.placeholder('ownerId')), isNull(bills.archivedAt));
  const newestFirst = [desc(bills.createdAt), desc(bills.id)] as const;
  const listFirst = db
    .select(listColumns)
    .from(bills)
    .where(mine)
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('bills_list_first');
  const at = sql`${sql.placeholder('afterAt')}::timestamptz`;
  const listAfter = db
    .select(listColumns)
    .from(bills)
    .where(
      and(
        mine,
        or(
          lt(bills.createdAt, at),
          and(eq(bills.createdAt, at), lt(bills.id, sql`${sql.placeholder('afterId')}::uuid`)),
        ),
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('bills_list_after');

  const b = '"bills"."id"';
  const aggregate = db
    .select({
      ...getTableColumns(bills),
      ownerName: user.name,
      ownerFirstName: user.firstName,
      ownerLastName: user.lastName,
      items: jsonRows<ItemRow>(
        `'id', i.id, 'billId', i.bill_id, 'position', i.position, 'name', i.name,
         'amountPence', i.amount_pence, 'splitMode', i.split_mode`,
        `from bill_items i where i.bill_id = ${b}`,
        'i.position',
      ),
      participants: jsonRows<Json<ParticipantRow>>(
        `'id', p.id, 'billId', p.bill_id, 'position', p.position, 'name', p.name,
         'isCreator', p.is_creator, 'amountDuePence', p.amount_due_pence, 'feePence', p.fee_pence,
         'status', p.status, 'createdAt', p.created_at`,
        `from bill_participants p where p.bill_id = ${b}`,
        'p.position',
      ),
      assignments: jsonRows<AssignmentRow>(
        `'itemId', a.item_id, 'participantId', a.participant_id, 'portionHalves', a.portion_halves`,
        `from item_assignments a join bill_items i on i.id = a.item_id
         join bill_participants ap on ap.id = a.participant_id where i.bill_id = ${b}`,
        'i.position, ap.position',
      ),
      lines: jsonRows<ShareLineRow>(
        `'id', l.id, 'billId', l.bill_id, 'participantId', l.participant_id, 'position', l.position,
         'kind', l.kind, 'itemId', l.item_id, 'name', l.name, 'portionHalves', l.portion_halves,
         'amountPence', l.amount_pence`,
        `from share_lines l where l.bill_id = ${b}`,
        'l.participant_id, l.position',
      ),
      hasPayments: sql<boolean>`exists (select 1 from payments pm where pm.bill_id = ${sql.raw(b)}
        and pm.status = 'succeeded')`,
      settlements: jsonRows<Json<Settlement>>(
        `'participantId', pl.participant_id, 'paidAt', pl.paid_at, 'method', pm.method,
         'disputed', exists (select 1 from payment_items pi join payments dp on dp.id = pi.payment_id
           where pi.link_id = pl.id and pi.outcome = 'paid' and dp.disputed)`,
        `from payment_links pl left join payments pm on pm.id = pl.payment_id where pl.bill_id = ${b}`,
        'pl.participant_id',
      ),
    })
    .from(bills)
    .innerJoin(user, eq(user.id, bills.ownerId))
    .where(
      and(
        eq(bills.id, sql`${sql.placeholder('billId')}::uuid`),
        eq(bills.ownerId, sql.placeholder('ownerId')),
      ),
    )
    .prepare('bills_aggregate');

  return { listFirst, listAfter, aggregate };
}

/** A whole bill's participants, items, assignments and share lines, under an existing bill row. */
async function insertParts(db: Db, billId: string, input: NewWholeBill) {
  const people = await db
    .insert(billParticipants)
    .values(
      input.participants.map((p, position) => ({
        billId,
        position,
        name: p.name,
        isCreator: p.isCreator,
        amountDuePence: p.amountDuePence,
        feePence: p.feePence,
      })),
    )
    .returning({ id: billParticipants.id, position: billParticipants.position });
  const idByKey = new Map(people.map((p) => [input.participants[p.position]!.key, p.id]));
  const items = await db
    .insert(billItems)
    .values(
      input.items.map((it, position) => ({
        billId,
        position,
        name: it.name,
        amountPence: it.amountPence,
        splitMode: it.splitMode,
      })),
    )
    .returning({ id: billItems.id, position: billItems.position });
  const assignments = items.flatMap((row) =>
    input.items[row.position]!.assignments.map((a) => ({
      itemId: row.id,
      participantId: idByKey.get(a.participantKey)!,
      portionHalves: a.portionHalves,
    })),
  );
  if (assignments.length) await db.insert(itemAssignments).values(assignments);
  const itemIds = [...items].sort((a, b) => a.position - b.position).map((i) => i.id);
  await insertLines(
    db,
    billId,
    people.map((p) => ({
      participantId: p.id,
      lines: input.participants[p.position]!.lines,
    })),
    itemIds,
  );
}

async function insertLines(db: Db, billId: string, rows: ParticipantLinesRow[], itemIds: string[]) {
  const values = rows.flatMap(({ participantId, lines }) =>
    lines.map((line, position) => ({
      billId,
      participantId,
      position,
      kind: line.kind,
      itemId: line.itemIndex === null ? null : (itemIds[line.itemIndex] ?? null),
      name: line.name,
      portionHalves: line.portions === null ? null : Math.round(line.portions * 2),
      amountPence: line.amountPence,
    })),
  );
  if (values.length) await db.insert(shareLines).values(values);
}
