import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({ authSecret: z.string().min(32) });
export type Secrets = z.infer<typeof secretsSchema>;

/**
 * Secrets come from the environment when given; otherwise they are generated on first run and kept
 * in DATA_DIR/secrets.json (mode 0600), so sessions survive a restart without any setup.
 */
export function loadSecrets(
  dataDir: string,
  fromEnv: { authSecret?: string | undefined },
): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Secrets | undefined;
  if (fs.existsSync(file)) {
    const parsed = secretsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged: delete it to generate new secrets`);
    stored = parsed.data;
  }
  if (fromEnv.authSecret) return { authSecret: fromEnv.authSecret };
  if (stored) return stored;
  const generated: Secrets = { authSecret: randomBytes(32).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: 'wx' });
  return generated;
}
