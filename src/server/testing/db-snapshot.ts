import type { Db } from '../db/client';

/**
 * Every table whose rows a refused request must leave as they were. Not here: rate_limits (a
 * refused sign-in is counted, by design) and scan_places (held only while a scan runs).
 */
const TABLES = [
  '"user"',
  'session',
  'account',
  'verification',
  'bills',
  'bill_items',
  'bill_participants',
  'item_assignments',
  'share_lines',
  'activity_seen',
  'payout_accounts',
  'payment_links',
  'payments',
  'payment_items',
  'provider_events',
  'receipts',
];

/** One hash of every stored row: equal before and after means nothing stored changed. */
export async function snapshot(db: Db): Promise<string> {
  const parts = TABLES.map(
    (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x)`,
  );
  const result = (await db.execute(`select ${parts.join(' || ')} as h`)) as unknown as {
    rows: { h: string }[];
  };
  return result.rows[0]!.h;
}
