import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A push service on 127.0.0.1 as browsers' vendors run one (RFC 8030): HTTPS, a POST per message
 * to the subscription's endpoint, 201 when taken; an endpoint marked gone answers 410 (or 404).
 * The test's "device" holds the subscription's private key and decrypts what arrives (RFC 8291).
 */
export interface TestPushService {
  /** Trusts the service's self-signed certificate: give it to the push sender. */
  agent: https.Agent;
  received: {
    endpoint: string;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }[];
  /** A new device: its subscription (as the browser gives it) and a decrypter for its messages. */
  device(): TestDevice;
  /** Makes an endpoint answer `status` from now on (410 Gone, 404 Not Found). */
  gone(endpoint: string, status?: 404 | 410): void;
  close(): Promise<void>;
}

export interface TestDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The messages that reached this device, decrypted, oldest first. */
  messages(): unknown[];
}

function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const out = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
};

/** Decrypts one aes128gcm message (RFC 8188 framing, RFC 8291 keys) with the device's keys. */
export function decryptPush(
  body: Buffer,
  device: { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const idLen = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = hkdf(device.authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // One record: the content, then the delimiter 0x02 and any padding zeros.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

export async function startTestPushService(): Promise<TestPushService> {
  const { key, cert } = selfSignedCert();
  const received: TestPushService['received'] = [];
  const goneEndpoints = new Map<string, number>();
  const devices = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer; inbox: unknown[] }
  >();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `https://127.0.0.1:${port}${req.url}`;
      const body = Buffer.concat(chunks);
      received.push({ endpoint, headers: req.headers, body });
      const gone = goneEndpoints.get(endpoint);
      if (gone) {
        res.writeHead(gone).end();
        return;
      }
      const device = devices.get(endpoint);
      if (req.method !== 'POST' || !device || req.headers['content-encoding'] !== 'aes128gcm') {
        res.writeHead(400).end();
        return;
      }
      device.inbox.push(JSON.parse(decryptPush(body, device)));
      res.writeHead(201, { location: `${endpoint}/m/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    agent: new https.Agent({ ca: cert }),
    received,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `https://127.0.0.1:${port}/push/${randomBytes(12).toString('base64url')}`;
      const inbox: unknown[] = [];
      devices.set(endpoint, { ecdh, authSecret, inbox });
      return {
        subscription: {
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        messages: () => [...inbox],
      };
    },
    gone(endpoint, status = 410) {
      goneEndpoints.set(endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
