import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Session } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

// 10,000 bills export in one request with the server's memory rising less than 50 MB: the export
// is written a page at a time (service.ts). Read over a real socket and counted as it arrives, so
// the test holds none of it either. Embedded database, or PostgreSQL with TEST_DATABASE_URL.

const BILLS = 10_000;
// A full collection before each sample, so what is measured is what the server holds, not garbage
// a lazy collector has not reached yet.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

let t: TestApp;
let owner: Session;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ logger: false });
  owner = await signUp(t.app);
  // Three people, two items and their share lines per bill, written by SQL in a few statements.
  await t.database.db.execute(`
    insert into bills (id, owner_id, name, bill_date, status, mode, tip_basis_points,
        subtotal_pence, service_charge_pence, tip_pence, total_pence, fee_pence, created_at)
      select gen_random_uuid(), '${owner.userId}', 'Dinner number ' || g, '2026-11-01', 'saved',
        'byItem', 0, 3000, 0, 0, 3000, 0, now() - g * interval '1 minute'
      from generate_series(1, ${BILLS}) g`);
  await t.database.db.execute(`
    insert into bill_participants (bill_id, position, name, is_creator, amount_due_pence)
      select b.id, p, (array['Alice Archer', 'Priya Patel', 'Jordan Jones'])[p + 1], p = 0, 1000
      from bills b, generate_series(0, 2) p where b.owner_id = '${owner.userId}'`);
  await t.database.db.execute(`
    insert into bill_items (bill_id, position, name, amount_pence, split_mode)
      select b.id, i, (array['Black Daal', 'Garlic Naan'])[i + 1], 1500, 'equally'
      from bills b, generate_series(0, 1) i where b.owner_id = '${owner.userId}'`);
  await t.database.db.execute(`
    insert into share_lines (bill_id, participant_id, position, kind, name, amount_pence)
      select p.bill_id, p.id, i, 'share', 'Share of the bill', 500
      from bill_participants p join bills b on b.id = p.bill_id, generate_series(0, 1) i
      where b.owner_id = '${owner.userId}'`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(() => t.close());

/** Downloads an export, counting bytes and occurrences of `marker`, sampling memory meanwhile. */
async function download(url: string, marker: string) {
  // The JavaScript heap and buffers (what the server would hold of the export), and the whole
  // process's resident memory, which also holds the embedded database's thread and its cache.
  const used = () => {
    gc();
    const m = process.memoryUsage();
    return { js: m.heapUsed + m.external, rss: m.rss };
  };
  const start = used();
  const peak = { ...start };
  const sample = () => {
    const now = used();
    peak.js = Math.max(peak.js, now.js);
    peak.rss = Math.max(peak.rss, now.rss);
  };
  const sampler = setInterval(sample, 500);
  const res = await fetch(`${base}${url}`, { headers: { cookie: owner.cookie } });
  let bytes = 0;
  let found = 0;
  let tail = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    found += text.split(marker).length - 1;
    // Keep the end in case a marker straddles two chunks (counted once: drop what was matched).
    const last = text.lastIndexOf(marker);
    tail = text.slice(Math.max(last + marker.length, text.length - marker.length + 1));
  }
  clearInterval(sampler);
  sample();
  return {
    status: res.status,
    bytes,
    found,
    risenMb: (peak.js - start.js) / MB,
    rssRisenMb: (peak.rss - start.rss) / MB,
  };
}

describe('exporting 10,000 bills', () => {
  it('sends every bill as JSON in one request, the memory rising less than 50 MB', async () => {
    const r = await download('/api/account/export', '"paymentLinks":');
    console.info(
      `JSON export of ${BILLS} bills: ${(r.bytes / MB).toFixed(1)} MB; heap and buffers rose ${r.risenMb.toFixed(1)} MB, rss ${r.rssRisenMb.toFixed(1)} MB`,
    );
    expect(r.status).toBe(200);
    expect(r.found).toBe(BILLS);
    expect(r.bytes).toBeGreaterThan(10 * MB);
    expect(r.risenMb).toBeLessThan(50);
  }, 300_000);

  it('and as CSV, one row per person per bill', async () => {
    const r = await download('/api/account/export?format=csv', 'Priya Patel');
    console.info(
      `CSV export: ${(r.bytes / MB).toFixed(1)} MB; heap and buffers rose ${r.risenMb.toFixed(1)} MB, rss ${r.rssRisenMb.toFixed(1)} MB`,
    );
    expect(r.status).toBe(200);
    expect(r.found).toBe(BILLS);
    expect(r.risenMb).toBeLessThan(50);
  }, 300_000);
});
