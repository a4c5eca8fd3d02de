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

/**
 * Counts every row inserted, deleted or changed in those tables from now on: a trigger on each
 * adds a line to a log table in the writer's own transaction (a rolled-back change adds nothing),
 * and an update counts only when the row's text changed, as snapshot() sees it. Stricter than
 * comparing snapshots (a row added then removed still counts), and reading it is one count where a
 * snapshot reads every row: for a test that checks thousands of requests.
 */
export async function watchChanges(db: Db): Promise<() => Promise<number>> {
  const statements = [
    'create table test_row_changes (at bigint generated always as identity)',
    `create function test_row_changed() returns trigger language plpgsql as $$
      begin insert into test_row_changes default values; return null; end $$`,
  ];
  for (const table of TABLES) {
    const name = table.replaceAll('"', '');
    statements.push(
      `create trigger test_changed_${name} after insert or delete on ${table}
        for each row execute function test_row_changed()`,
      `create trigger test_updated_${name} after update on ${table}
        for each row when (old.*::text is distinct from new.*::text)
        execute function test_row_changed()`,
      `create trigger test_truncated_${name} after truncate on ${table}
        for each statement execute function test_row_changed()`,
    );
  }
  for (const statement of statements) await db.execute(statement);
  return async () => {
    const result = (await db.execute(
      'select count(*)::int as n from test_row_changes',
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
}
