// Build step: an in-memory PGlite with every migration applied, dumped to dist/db-template.tar.gz.
// First starts unpack it instead of running initdb, and test files load it as their fresh database.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, migrate } from '../src/server/db/client';
import { EMBEDDED_TEMPLATE } from '../src/server/paths';

const client = await PGlite.create();
await migrate(fromPglite(client));
const dump = await client.dumpDataDir('gzip');
fs.mkdirSync(path.dirname(EMBEDDED_TEMPLATE), { recursive: true });
fs.writeFileSync(EMBEDDED_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
await client.close();
console.log(`database template written to ${path.relative(process.cwd(), EMBEDDED_TEMPLATE)}`);
