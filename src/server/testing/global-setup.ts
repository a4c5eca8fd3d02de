import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite, migrate, openPostgres } from '../db/client';
import { EMBEDDED_TEMPLATE } from '../paths';
import { serverUrlFor } from './test-database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded: path of a gzip tarball of a migrated database. */
    embeddedTemplate: string | null;
    /** PostgreSQL: name of a migrated template database on TEST_DATABASE_URL's server. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one template database for the whole run; every test file then gets its own copy
 * (PGlite: loaded from the dump; PostgreSQL: CREATE DATABASE ... TEMPLATE), so files never share data.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fairshare_tpl_${process.pid}_${Date.now()}`;
    const admin = await openPostgres(serverUrl, { max: 1 });
    await admin.db.execute(`create database "${name}"`);
    const tpl = await openPostgres(serverUrlFor(serverUrl, name), { max: 1 });
    await migrate(tpl);
    await tpl.close();
    project.provide('postgresTemplate', name);
    project.provide('embeddedTemplate', null);
    return async () => {
      // Drop the template and any per-file databases left by a crashed worker.
      const left = (await admin.db.execute(
        `select datname from pg_database where datname like 'fairshare_t%_${process.pid}_%' or datname = '${name}'`,
      )) as unknown as { rows: { datname: string }[] };
      for (const { datname } of left.rows) {
        await admin.db.execute(`drop database if exists "${datname}" with (force)`);
      }
      await admin.close();
    };
  }

  // `npm test` has just built the app from these sources (it sets TEST_SERVER_BUILD): the build's
  // template is this same migrated database, so it is not made a second time.
  if (process.env.TEST_SERVER_BUILD && fs.existsSync(EMBEDDED_TEMPLATE)) {
    project.provide('embeddedTemplate', EMBEDDED_TEMPLATE);
    project.provide('postgresTemplate', null);
    return;
  }
  const client = await PGlite.create();
  await migrate(fromPglite(client));
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-test-'));
  const file = path.join(dir, 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('embeddedTemplate', file);
  project.provide('postgresTemplate', null);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
