import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ItemPick } from '../../../domain/picking';
import type { ShareLine } from '../../../domain/shares';
import type { Db } from '../../db/client';
import {
  billItems,
  billParticipants,
  bills,
  itemAssignments,
  joinLinks,
  picks,
  shareLines,
} from '../../db/schema';

// The picking module's queries: join links, participants' secrets, picks, and the stored shares
// they produce (the same share_lines and amounts due that bill detail and payments read).

export type BillRow = typeof bills.$inferSelect;
export type ItemRow = typeof billItems.$inferSelect;
export type ParticipantRow = typeof billParticipants.$inferSelect;
export type JoinLinkRow = typeof joinLinks.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** Whether a string could be a join token at all (base64url of 24 bytes): others name nothing. */
export const isJoinToken = (token: string) => TOKEN.test(token);

/** A bill with what picking computes from: items, people, picks and stored lines, in order. */
export interface PickingAggregate {
  bill: BillRow;
  items: ItemRow[];
  participants: ParticipantRow[];
  picks: ItemPick[];
  /** Stored lines by participant id, `itemIndex` being the item's place in `items`. */
  lines: Map<string, ShareLine[]>;
}

/** Runs `fn` in one transaction with a repo bound to it (PGlite: never the outer handle inside). */
export function inPickingTransaction<T>(
  db: Db,
  fn: (repo: PickingRepo, tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => fn(createPickingRepo(tx as unknown as Db), tx as unknown as Db));
}

export function createPickingRepo(db: Db) {
  return {
    /** The bill behind a join token, locked when `lock` (one pick transaction at a time per bill). */
    async billOfToken(
      token: string,
      lock: boolean,
    ): Promise<{ bill: BillRow; link: JoinLinkRow } | undefined> {
      if (!isJoinToken(token)) return undefined;
      // One round trip: a pick's transaction holds the bill's lock for each of its statements.
      const q = db
        .select({ bill: bills, link: joinLinks })
        .from(joinLinks)
        .innerJoin(bills, eq(bills.id, joinLinks.billId))
        .where(eq(joinLinks.token, token))
        .limit(1);
      const [row] = lock ? await q.for('update', { of: bills }) : await q;
      return row;
    },

    /** The owner's bill, locked when `lock`. */
    async ownedBill(ownerId: string, billId: string, lock: boolean): Promise<BillRow | undefined> {
      if (!isUuid(billId)) return undefined;
      const q = db
        .select()
        .from(bills)
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)))
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    async joinLinkOf(billId: string): Promise<JoinLinkRow | undefined> {
      const [row] = await db.select().from(joinLinks).where(eq(joinLinks.billId, billId));
      return row;
    },

    async insertJoinLink(row: typeof joinLinks.$inferInsert): Promise<JoinLinkRow> {
      const [made] = await db.insert(joinLinks).values(row).returning();
      return made!;
    },

    async renewJoinLink(billId: string, expiresAt: Date): Promise<void> {
      await db.update(joinLinks).set({ expiresAt }).where(eq(joinLinks.billId, billId));
    },

    async load(bill: BillRow): Promise<PickingAggregate> {
      // One after another: inside a transaction they share one connection.
      const items = await db
        .select()
        .from(billItems)
        .where(eq(billItems.billId, bill.id))
        .orderBy(asc(billItems.position));
      const participants = await db
        .select()
        .from(billParticipants)
        .where(eq(billParticipants.billId, bill.id))
        .orderBy(asc(billParticipants.position));
      const pickRows = await db.select().from(picks).where(eq(picks.billId, bill.id));
      const lineRows = await db
        .select()
        .from(shareLines)
        .where(eq(shareLines.billId, bill.id))
        .orderBy(asc(shareLines.participantId), asc(shareLines.position));
      const indexOf = new Map(items.map((item, i) => [item.id, i]));
      const lines = new Map<string, ShareLine[]>();
      for (const row of lineRows) {
        const list = lines.get(row.participantId) ?? [];
        list.push({
          kind: row.kind,
          name: row.name,
          amountPence: row.amountPence,
          itemIndex: row.itemId === null ? null : (indexOf.get(row.itemId) ?? null),
          portions: row.portionHalves === null ? null : row.portionHalves / 2,
        });
        lines.set(row.participantId, list);
      }
      // Picks in a stable order: by item, then by person, as the bill lists them.
      const position = new Map(participants.map((p) => [p.id, p.position]));
      const ordered = [...pickRows].sort(
        (a, b) =>
          indexOf.get(a.itemId)! - indexOf.get(b.itemId)! ||
          position.get(a.participantId)! - position.get(b.participantId)!,
      );
      return {
        bill,
        items,
        participants,
        picks: ordered.map((p) => ({
          participantId: p.participantId,
          itemId: p.itemId,
          portions: p.portionHalves === null ? 'share' : p.portionHalves / 2,
        })),
        lines,
      };
    },

    /** Adds a person at the end of the bill's list, with their secret's hash. */
    async insertParticipant(billId: string, name: string, secretHash: string): Promise<string> {
      const [row] = await db
        .insert(billParticipants)
        .values({
          billId,
          name,
          secretHash,
          amountDuePence: 0,
          feePence: 0,
          position: sql`(select coalesce(max(${billParticipants.position}), -1) + 1 from ${billParticipants} where ${billParticipants.billId} = ${billId})`,
        })
        .returning({ id: billParticipants.id });
      return row!.id;
    },

    /** Takes a typed name nobody has taken: false when someone took it first. */
    async claimParticipant(participantId: string, secretHash: string): Promise<boolean> {
      const rows = await db
        .update(billParticipants)
        .set({ secretHash })
        .where(
          and(
            eq(billParticipants.id, participantId),
            isNull(billParticipants.secretHash),
            eq(billParticipants.isCreator, false),
          ),
        )
        .returning({ id: billParticipants.id });
      return rows.length === 1;
    },

    /**
     * Replaces the picks of the people in `participantIds` with theirs in `next`, in two
     * statements however many people: an upsert per item (a repeat changes nothing).
     */
    async setPicksOf(billId: string, participantIds: readonly string[], next: readonly ItemPick[]) {
      if (!participantIds.length) return;
      const people = new Set(participantIds);
      const theirs = next.filter((p) => people.has(p.participantId));
      const kept = theirs.map((p) => sql`(${p.itemId}::uuid, ${p.participantId}::uuid)`);
      await db
        .delete(picks)
        .where(
          and(
            eq(picks.billId, billId),
            inArray(picks.participantId, [...people]),
            kept.length
              ? sql`(${picks.itemId}, ${picks.participantId}) not in (${sql.join(kept, sql`, `)})`
              : undefined,
          ),
        );
      if (!theirs.length) return;
      await db
        .insert(picks)
        .values(
          theirs.map((p) => ({
            billId,
            participantId: p.participantId,
            itemId: p.itemId,
            portionHalves: p.portions === 'share' ? null : Math.round(p.portions * 2),
          })),
        )
        .onConflictDoUpdate({
          target: [picks.itemId, picks.participantId],
          set: { portionHalves: sql`excluded.portion_halves` },
        });
    },

    /**
     * Stores the shares of the people given: their amounts due and their lines (replaced). Held and
     * paid people are left out by the caller: their stored lines are what they pay.
     */
    async storeShares(
      billId: string,
      items: readonly ItemRow[],
      shares: readonly {
        participantId: string;
        amountPence: number;
        feePence: number;
        lines: ShareLine[];
      }[],
    ) {
      if (!shares.length) return;
      const ids = shares.map((s) => s.participantId);
      await db.delete(shareLines).where(inArray(shareLines.participantId, ids));
      const values = shares.flatMap((s) =>
        s.lines.map((line, position) => ({
          billId,
          participantId: s.participantId,
          position,
          kind: line.kind,
          itemId: line.itemIndex === null ? null : (items[line.itemIndex]?.id ?? null),
          name: line.name,
          portionHalves: line.portions === null ? null : Math.round(line.portions * 2),
          amountPence: line.amountPence,
        })),
      );
      if (values.length) await db.insert(shareLines).values(values);
      // Every person's amounts in one statement.
      const amounts = shares.map(
        (s) =>
          sql`(${s.participantId}::uuid, ${Math.max(s.amountPence, 0)}::bigint, ${s.feePence}::bigint)`,
      );
      await db.execute(sql`
        update ${billParticipants}
        set amount_due_pence = v.amount, fee_pence = v.fee
        from (values ${sql.join(amounts, sql`, `)}) as v(id, amount, fee)
        where ${billParticipants.id} = v.id
      `);
    },

    async setStatus(billId: string, status: BillRow['status']) {
      await db.update(bills).set({ status, updatedAt: new Date() }).where(eq(bills.id, billId));
    },

    /** The bill's assignments as picks (a bill turned to picking keeps who had what). */
    async assignmentsOf(
      billId: string,
    ): Promise<{ itemId: string; participantId: string; portionHalves: number }[]> {
      return db
        .select({
          itemId: itemAssignments.itemId,
          participantId: itemAssignments.participantId,
          portionHalves: itemAssignments.portionHalves,
        })
        .from(itemAssignments)
        .innerJoin(billItems, eq(billItems.id, itemAssignments.itemId))
        .where(eq(billItems.billId, billId));
    },

    /** Items split equally in the editor become picked by everyone, as 'share'. */
    async setItemsManual(billId: string) {
      await db.update(billItems).set({ splitMode: 'manual' }).where(eq(billItems.billId, billId));
    },

    async insertPicks(billId: string, rows: readonly ItemPick[]) {
      if (!rows.length) return;
      await db
        .insert(picks)
        .values(
          rows.map((p) => ({
            billId,
            participantId: p.participantId,
            itemId: p.itemId,
            portionHalves: p.portions === 'share' ? null : Math.round(p.portions * 2),
          })),
        )
        .onConflictDoNothing();
    },

    /** At the end of picking: the picks become the items' assignments, as on an assigned bill. */
    async picksToAssignments(billId: string, rows: readonly ItemPick[]) {
      const itemIds = (
        await db.select({ id: billItems.id }).from(billItems).where(eq(billItems.billId, billId))
      ).map((r) => r.id);
      if (itemIds.length)
        await db.delete(itemAssignments).where(inArray(itemAssignments.itemId, itemIds));
      if (rows.length)
        await db.insert(itemAssignments).values(
          rows.map((p) => ({
            itemId: p.itemId,
            participantId: p.participantId,
            portionHalves: p.portions === 'share' ? 2 : Math.round(p.portions * 2),
          })),
        );
    },
  };
}

export type PickingRepo = ReturnType<typeof createPickingRepo>;
