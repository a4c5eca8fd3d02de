import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A foreign key whose referencing columns lead no index makes every delete or key change of the
// row it points to scan the whole referencing table (cascades and "set null" included).
it('has an index led by the columns of every foreign key', async () => {
  const res = await t.database.db.execute(`
    select c.conrelid::regclass::text as "table", c.conname as "constraint"
    from pg_constraint c
    where c.contype = 'f'
      and c.connamespace = 'public'::regnamespace
      and not exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
      )
    order by 1, 2`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as {
    table: string;
    constraint: string;
  }[];
  expect(rows).toEqual([]);
});
