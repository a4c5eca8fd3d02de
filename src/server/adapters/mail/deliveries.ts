import { MailError, type Mailer, type OutgoingMail } from './mailer';

type LogFn = (obj: object, msg: string) => void;

/** Waits before a second and a third try of a message the server refused for now (4xx, network). */
export const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000];

/**
 * Sends in the background for requests that must answer the same whether or not a message goes
 * (a password reset for an unknown address sends none), and at once for those that tell the user.
 * A failure is logged with the message's kind only: never its address, link or token.
 */
export function createMailDeliveries(
  mailer: Mailer,
  log: { info: LogFn; warn: LogFn; error: LogFn },
  retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
) {
  const pending = new Set<Promise<void>>();
  // Each wait before a retry, with what ends it early (close()).
  const waits = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        waits.delete(t);
        resolve();
      }, ms);
      t.unref();
      waits.set(t, resolve);
    });

  async function deliver(mail: OutgoingMail, kind: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        await mailer.send(mail);
        return;
      } catch (err) {
        const retry =
          err instanceof MailError && err.temporary && attempt < retryDelaysMs.length && !closed;
        const fields = { err, kind, attempt: attempt + 1, willRetry: retry };
        if (retry) log.warn(fields, 'e-mail not sent yet; trying again');
        else log.error(fields, 'e-mail not sent');
        if (!retry) return;
        await wait(retryDelaysMs[attempt]!);
        if (closed) {
          log.error({ kind }, 'e-mail not sent: the server stopped before another try');
          return;
        }
      }
    }
  }

  return {
    kind: mailer.kind,
    /** Sends now: rejects with a MailError the caller turns into an answer. */
    now: (mail: OutgoingMail) => mailer.send(mail),
    /** Sends without the caller waiting, trying again later if the server says so. */
    later(mail: OutgoingMail, kind: string) {
      const p = deliver(mail, kind).finally(() => pending.delete(p));
      pending.add(p);
    },
    /** Resolves when every background message has been sent or given up (tests, shutdown). */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    /** Stops the retries (each gives up, logged) and the transport. */
    close() {
      closed = true;
      for (const [t, resolve] of waits) {
        clearTimeout(t);
        resolve();
      }
      waits.clear();
      mailer.close();
    },
  };
}

export type MailDeliveries = ReturnType<typeof createMailDeliveries>;
