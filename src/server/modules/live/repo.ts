import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { BillEvent } from '../../../contracts/live';
import type { Db } from '../../db/client';
import { billEventCounters, billEvents, bills, paymentLinks } from '../../db/schema';

/** The one NOTIFY channel of bill events: its payload is `<bill id>:<event number>`. */
export const BILL_EVENTS_CHANNEL = 'fairshare_bill_events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_CHARS = /^[A-Za-z0-9_-]+$/;

/**
 * Appends events to a bill's log in one statement, in the order given: takes the bill's next
 * numbers (locking its counter row until the caller's transaction ends), stores the events and
 * sends a NOTIFY for each, which PostgreSQL (and PGlite) deliver only at commit. Returns their
 * numbers. A batch of picks is one round trip, not one per event.
 */
export async function insertBillEvents(
  db: Db,
  billId: string,
  events: readonly { type: string; data: Record<string, unknown> }[],
): Promise<number[]> {
  if (!events.length) return [];
  const n = events.length;
  const result = (await db.execute(sql`
    with counter as (
      insert into ${billEventCounters} (bill_id, last_seq) values (${billId}, ${n}::int)
      on conflict (bill_id) do update set last_seq = ${billEventCounters}.last_seq + ${n}::int
      returning last_seq
    ), event as (
      insert into ${billEvents} (bill_id, seq, type, data)
      select ${billId}, counter.last_seq - ${n}::int + e.ord::int, e.value ->> 'type', e.value -> 'data'
      from counter, jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as e(value, ord)
      returning seq
    )
    select seq, pg_notify(${BILL_EVENTS_CHANNEL}, ${billId} || ':' || seq) from event order by seq
  `)) as unknown as { rows: { seq: number | string }[] };
  return result.rows.map((r) => Number(r.seq));
}

/** Appends one event to a bill's log (insertBillEvents). Returns its number. */
export async function insertBillEvent(
  db: Db,
  billId: string,
  type: string,
  data: Record<string, unknown>,
): Promise<number> {
  const [seq] = await insertBillEvents(db, billId, [{ type, data }]);
  return seq!;
}

export function createLiveRepo(db: Db) {
  return {
    /** A bill's events after `after`, oldest first, at most `limit`. */
    async eventsAfter(billId: string, after: number, limit: number): Promise<BillEvent[]> {
      const rows = await db
        .select()
        .from(billEvents)
        .where(and(eq(billEvents.billId, billId), gt(billEvents.seq, after)))
        .orderBy(asc(billEvents.seq))
        .limit(limit);
      return rows.map((r) => ({
        id: r.seq,
        billId: r.billId,
        type: r.type as BillEvent['type'],
        data: r.data,
        at: r.createdAt.toISOString(),
      }));
    },

    /** The number of a bill's last committed event (0 when it has none). */
    async lastSeq(billId: string): Promise<number> {
      const [row] = await db
        .select({ last: billEventCounters.lastSeq })
        .from(billEventCounters)
        .where(eq(billEventCounters.billId, billId));
      return row?.last ?? 0;
    },

    /** Whether the bill exists and is this user's. */
    async ownsBill(ownerId: string, billId: string): Promise<boolean> {
      if (!UUID.test(billId)) return false;
      const [row] = await db
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.id, billId), eq(bills.ownerId, ownerId)));
      return row !== undefined;
    },

    /** The bill a payment link's token belongs to; undefined for any token no link has. */
    async billOfPaymentToken(token: string): Promise<string | undefined> {
      if (!TOKEN_CHARS.test(token)) return undefined;
      const [row] = await db
        .select({ billId: paymentLinks.billId })
        .from(paymentLinks)
        .where(eq(paymentLinks.token, token));
      return row?.billId;
    },
  };
}

export type LiveRepo = ReturnType<typeof createLiveRepo>;
