// Clean shutdown (main.ts, http/drain.ts): SIGTERM under 100 keep-alive connections of saves. Every
// request written on a connection the server had accepted gets an HTTP answer, every save answered
// 201 is whole, and no other bill exists. Two workers on PostgreSQL (TEST_DATABASE_URL), one process
// on the embedded database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded, openPostgres, type Database } from './db/client';
import { startServerProcess, type ServerRun } from './testing/server-process';
import { serverUrlFor } from './testing/test-database-url';

const CONNECTIONS = 100;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const PEOPLE = ['Me', 'Priya', 'Jordan', 'Sam'];
function billBody(name: string, i: number) {
  return {
    name,
    tipPercent: 12.5,
    serviceCharge: '4.50',
    participants: PEOPLE.map((p, k) => ({ key: `p${k}`, name: p })),
    items: [
      {
        name: 'Pizza',
        amount: `${10 + (i % 50)}.99`,
        assignments: [
          { participant: 'p0', portions: 1 },
          { participant: 'p1', portions: 2 },
        ],
      },
      { name: 'Wine', amount: '31.00', splitMode: 'equally' },
      { name: 'Salad', amount: '7.25', assignments: [{ participant: 'p3', portions: 1 }] },
    ],
  };
}

interface Answer {
  status: number;
  close: boolean;
  body: string;
}

/**
 * One client's own TCP connection, used for one request after another (HTTP/1.1 keep-alive) and
 * never replaced: a request can only fail on a connection the server accepted and answered before.
 */
class KeepAliveConnection {
  private buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;
  /** Set once the server has closed the connection (or it broke). */
  ended: string | null = null;

  private constructor(private socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    const end = (why: string) => {
      this.ended ??= why;
      this.waiting?.reject(new Error(`connection ${why} before the answer`));
      this.waiting = null;
    };
    socket.on('end', () => end('closed by the server'));
    socket.on('error', (err: NodeJS.ErrnoException) => end(err.code ?? err.message));
    socket.on('close', () => end('closed'));
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve(new KeepAliveConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Writes one request; resolves with its answer, rejects if the connection ends first. */
  send(head: string, body: string): Promise<Answer> {
    if (this.ended) return Promise.reject(new Error(`connection ${this.ended}`));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
  }

  private parse() {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = new Map(
      head.slice(1).map((l) => {
        const i = l.indexOf(':');
        return [l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim()] as const;
      }),
    );
    const length = Number(headers.get('content-length'));
    if (!Number.isInteger(length)) throw new Error(`no content-length: ${head.join(' | ')}`);
    if (this.buffer.length < headEnd + 4 + length) return;
    const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(headEnd + 4 + length);
    const answer = {
      status: Number(head[0]!.split(' ')[1]),
      close: headers.get('connection')?.toLowerCase() === 'close',
      body,
    };
    const w = this.waiting;
    this.waiting = null;
    w?.resolve(answer);
  }

  destroy() {
    this.socket.destroy();
  }
}

const pence = (n: unknown) => Number(n);

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('SIGTERM under 100 connections of saves', () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const workers = serverUrl ? 2 : 1;

  it(`answers every request it has started (WEB_CONCURRENCY=${workers}), and every answered save is whole`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairshare-sigterm-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      WEB_CONCURRENCY: String(workers),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'test',
    };
    let openDb: () => Promise<Database> = () => openEmbedded(dataDir);
    if (serverUrl) {
      const name = `fairshare_sigterm_${randomBytes(4).toString('hex')}`;
      const admin = await openPostgres(serverUrl, { max: 1 });
      await admin.db.execute(`create database "${name}" template "${inject('postgresTemplate')}"`);
      cleanups.push(async () => {
        await admin.db.execute(`drop database if exists "${name}" with (force)`);
        await admin.close();
      });
      env.DATABASE_URL = serverUrlFor(serverUrl, name);
      openDb = () => openPostgres(env.DATABASE_URL!, { max: 1 });
    }

    const run: ServerRun = startServerProcess(env);
    cleanups.push(() => void run.child.kill('SIGKILL'));
    for (let i = 0; i < 900 && (run.out().match(/ready at/g) ?? []).length < workers; i++) {
      if (run.child.exitCode !== null) throw new Error(`exited early:\n${run.out()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((run.out().match(/ready at/g) ?? []).length).toBe(workers);

    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, connection: 'close' },
      body: JSON.stringify({ email: 'sigterm@example.com', password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const head = [
      'POST /api/bills HTTP/1.1',
      `host: 127.0.0.1:${port}`,
      'content-type: application/json',
      `origin: ${base}`,
      `cookie: ${cookie}`,
    ].join('\r\n');

    // Every connection is open before the signal, and is the only one its client ever uses.
    const connections = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => KeepAliveConnection.open(port)),
    );
    cleanups.push(() => connections.forEach((c) => c.destroy()));

    const saved = new Map<string, string>(); // bill name -> id, for each 201
    const refused: string[] = []; // other answers
    const unanswered: string[] = []; // requests written whose connection ended first
    let answered = 0;
    let signalled = false;
    const clients = connections.map(async (conn, c) => {
      for (let n = 0; ; n++) {
        // A connection the server closed while it was idle is not used again (and nothing was
        // sent on it); the client would open a new one, which is refused once the server closes.
        if (conn.ended) return;
        const name = `Shutdown ${c}.${n}`;
        let answer: Answer;
        try {
          answer = await conn.send(head, JSON.stringify(billBody(name, n)));
        } catch (err) {
          unanswered.push(`${name}: ${(err as Error).message}`);
          return;
        }
        answered++;
        if (answer.status === 201) saved.set(name, (JSON.parse(answer.body) as { id: string }).id);
        else refused.push(`${name}: ${answer.status} ${answer.body}`);
        // Before the signal the server keeps every connection open.
        if (!signalled) expect(answer.close).toBe(false);
        if (answer.close) return;
      }
    });

    // Mid-load: every connection has been answered at least once, and more are in flight.
    for (let i = 0; i < 1200 && answered < CONNECTIONS * 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBeGreaterThanOrEqual(CONNECTIONS * 2);
    signalled = true;
    const answeredBefore = answered;
    run.child.kill('SIGTERM');
    const exitCode = await run.exited;
    await Promise.all(clients);

    const figures = `${answeredBefore} answered before the signal, ${answered} in all`;
    expect(unanswered, figures).toEqual([]);
    // Other answers are allowed only as the database's "busy, try again" (a save that waited over
    // 4 s for a pooled connection on a loaded machine), and saved nothing.
    expect(
      refused.filter((r) => !/: 503 .*"code":"service_unavailable"/.test(r)),
      figures,
    ).toEqual([]);
    expect(exitCode).toBe(0);
    expect((run.out().match(/shutting down/g) ?? []).length).toBe(workers);
    // Stopped: new connections are refused.
    await expect(KeepAliveConnection.open(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The bills are exactly the saves answered 201, each one whole.
    const database = await openDb();
    cleanups.push(() => database.close());
    const bills = await rows<{
      id: string;
      name: string;
      subtotal: number;
      total: number;
      fee: number;
      items: number;
      item_sum: number;
    }>(
      database,
      sql`select b.id, b.name, b.subtotal_pence as subtotal, b.total_pence as total,
            b.fee_pence as fee, count(i.id)::int as items, coalesce(sum(i.amount_pence), 0) as item_sum
          from bills b left join bill_items i on i.bill_id = b.id group by b.id`,
    );
    expect(bills.length).toBe(saved.size);
    expect(new Map(bills.map((b) => [b.name, b.id]))).toEqual(saved);
    const people = await rows<{
      bill_id: string;
      due: number;
      fee: number;
      lines: number;
      line_sum: number;
    }>(
      database,
      sql`select p.bill_id, p.amount_due_pence as due, p.fee_pence as fee,
            count(l.id)::int as lines,
            coalesce(sum(l.amount_pence) filter (where l.kind <> 'fee'), 0) as line_sum
          from bill_participants p left join share_lines l on l.participant_id = p.id
          group by p.id`,
    );
    const byBill = new Map<string, typeof people>();
    for (const p of people) byBill.set(p.bill_id, [...(byBill.get(p.bill_id) ?? []), p]);
    for (const b of bills) {
      expect(b.items, b.name).toBe(3);
      expect(pence(b.item_sum), b.name).toBe(pence(b.subtotal));
      const ps = byBill.get(b.id) ?? [];
      expect(ps.length, b.name).toBe(PEOPLE.length);
      expect(
        ps.reduce((s, p) => s + pence(p.due), 0),
        b.name,
      ).toBe(pence(b.total));
      expect(
        ps.reduce((s, p) => s + pence(p.fee), 0),
        b.name,
      ).toBe(pence(b.fee));
      for (const p of ps) {
        expect(p.lines, b.name).toBeGreaterThan(0);
        expect(pence(p.line_sum), b.name).toBe(pence(p.due));
      }
    }
  }, 240_000);
});
