import { randomBytes } from 'node:crypto';
import { PAYMENT_LINK_NOT_FOUND } from '../../../contracts/payments';
import { toDecimalString, type Pence } from '../../../domain/money';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/errors';

// What the payments module's services share: their dependencies, the errors payers see, and the
// one way to run a transaction across their repos.

export const BILL_NOT_FOUND = 'Bill not found - it may have been deleted';
export const SETUP_FAILED = 'Unable to set up payment. Please try again.';

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const money = (p: Pence) => toDecimalString(p);
export const newToken = () => randomBytes(24).toString('base64url');

/** Runs `fn` in one transaction (PGlite: never the outer handle inside it). */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

export const linkNotFound = () => new AppError(404, 'not_found', PAYMENT_LINK_NOT_FOUND);
export const linkExpired = (creator: string) =>
  new AppError(
    410,
    'link_expired',
    `This payment link has expired. Ask ${creator || 'the person who sent it'} for a new one.`,
  );
export const alreadyPaid = (names: string[]) =>
  new AppError(
    409,
    'already_paid',
    `${names.join(' and ')} ${names.length === 1 ? 'has' : 'have'} already paid`,
  );
export const notAvailable = (creator: string) =>
  new AppError(
    409,
    'payment_not_available',
    `${creator || 'The person who sent this link'} cannot take card payments yet. Ask them to connect a bank account in Fairshare.`,
  );

/** An address on this site only: the provider sends people back to it. */
export function ownUrl(publicUrl: string, value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value, publicUrl);
  } catch {
    throw badRequest(`${field} must be an address on this site`, { [field]: 'is not valid' });
  }
  if (url.origin !== new URL(publicUrl).origin)
    throw badRequest(`${field} must be an address on this site`, {
      [field]: 'is not on this site',
    });
  return url.toString();
}

export function withQuery(url: string, query: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return u.toString();
}
