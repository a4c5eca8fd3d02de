import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ (tsx, tests) or bundled from dist/server/: find the project root by
// walking up to its package.json rather than counting directories.
function findRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (
      fs.existsSync(path.join(dir, 'package.json')) &&
      fs.existsSync(path.join(dir, 'src', 'server'))
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Fairshare's project root was not found above ${from}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'src', 'server', 'db', 'migrations');
export const DEFAULT_WEB_ROOT = path.join(PROJECT_ROOT, 'dist', 'web');
/** A migrated empty database made at build time (scripts/build-db-template.ts). */
export const EMBEDDED_TEMPLATE = path.join(PROJECT_ROOT, 'dist', 'db-template.tar.gz');
