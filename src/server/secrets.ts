import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const vapidSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });
const storedSchema = z.object({ authSecret: z.string().min(32), vapid: vapidSchema.optional() });

export interface Secrets {
  authSecret: string;
  /** The server's VAPID key pair for web push (RFC 8292), base64url: P-256, public uncompressed. */
  vapid: z.infer<typeof vapidSchema>;
}

/** A new P-256 key pair in the form browsers' pushManager.subscribe takes (applicationServerKey). */
export function generateVapidKeys(): Secrets['vapid'] {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // The private key is a 32-byte number, which Node hands back without its leading zero bytes
    // (one key in 256 comes out 31 bytes long): web-push refuses that, so it is padded back.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}

/**
 * Secrets come from the environment when given; otherwise they are generated on first run and kept
 * in DATA_DIR/secrets.json (mode 0600), so sessions and push subscriptions survive a restart
 * without any setup. A file from before push gets its VAPID keys added.
 */
export function loadSecrets(
  dataDir: string,
  fromEnv: {
    authSecret?: string | undefined;
    vapid?: { publicKey: string; privateKey: string } | undefined;
  },
): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: z.infer<typeof storedSchema> | undefined;
  if (fs.existsSync(file)) {
    const parsed = storedSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged: delete it to generate new secrets`);
    stored = parsed.data;
  }
  const needsFile = !(fromEnv.authSecret && fromEnv.vapid);
  if (needsFile && (!stored || (!fromEnv.vapid && !stored.vapid))) {
    const next = {
      authSecret: stored?.authSecret ?? randomBytes(32).toString('base64url'),
      vapid: stored?.vapid ?? generateVapidKeys(),
    };
    fs.mkdirSync(dataDir, { recursive: true });
    // Written beside and renamed over: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
    stored = next;
  }
  return {
    authSecret: fromEnv.authSecret ?? stored!.authSecret,
    vapid: fromEnv.vapid ?? stored!.vapid!,
  };
}
