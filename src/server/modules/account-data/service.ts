import type { AccountExport, ExportBill } from '../../../contracts/account';
import { EXPORT_CSV_HEADER } from '../../../contracts/account';
import { toDecimalString } from '../../../domain/money';
import type { Db } from '../../db/client';
import {
  createAccountDataRepo,
  inAccountTransaction,
  type AccountDataRepo,
  type Keyset,
} from './repo';

// Download my data: the export is written as it is read, a page of bills at a time, so an account
// with 10,000 bills is sent in one request without the server holding it (issue: your data).

/** Bills read per page: a few queries each, small enough that a page's rows stay a few MB. */
export const EXPORT_BILL_PAGE = 200;
const RECEIPT_PAGE = 10;
const ACTIVITY_PAGE = 1000;

const money = (p: number) => toDecimalString(p);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

type Parts = Awaited<ReturnType<AccountDataRepo['partsOf']>>;
type BillRow = Awaited<ReturnType<AccountDataRepo['billPage']>>[number];

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return (k: string) => map.get(k) ?? [];
}

/** The bills of one page with everything under them, as the export writes them. */
function exportBills(page: BillRow[], parts: Parts): ExportBill[] {
  const items = groupBy(parts.items, (r) => r.billId);
  const people = groupBy(parts.participants, (r) => r.billId);
  const lines = groupBy(parts.lines, (r) => r.participantId);
  const links = groupBy(parts.links, (r) => r.billId);
  const paymentsOf = groupBy(parts.payments, (r) => r.billId);
  const assignments = groupBy(parts.assignments, (r) => r.itemId);
  const paidBy = groupBy(parts.paid, (r) => r.paymentId);
  const picksOf = groupBy(parts.picks, (r) => r.itemId);
  const joinOf = new Map(parts.joinLinks.map((j) => [j.billId, j]));
  const nameOf = new Map(parts.participants.map((p) => [p.id, p.name]));
  const positionOf = new Map(parts.participants.map((p) => [p.id, p.position]));
  return page.map((b) => ({
    id: b.id,
    name: b.name,
    date: b.billDate,
    createdAt: b.createdAt.toISOString(),
    status: b.status,
    mode: b.mode,
    tipPercent: b.tipBasisPoints === null ? null : b.tipBasisPoints / 100,
    subtotal: money(b.subtotalPence),
    serviceCharge: money(b.serviceChargePence),
    tip: money(b.tipPence),
    tax: money(b.taxPence),
    totalAmount: money(b.totalPence),
    fee: money(b.feePence),
    archived: b.archivedAt !== null,
    receiptId: b.receiptId,
    items: items(b.id).map((it) => ({
      name: it.name,
      amount: money(it.amountPence),
      splitMode: it.splitMode,
      assignments: assignments(it.id).map((a) => ({
        participant: nameOf.get(a.participantId) ?? '',
        portions: a.portionHalves / 2,
      })),
      picks: picksOf(it.id).map((k) => ({
        participant: nameOf.get(k.participantId) ?? '',
        portions: k.portionHalves === null ? null : k.portionHalves / 2,
        createdAt: k.createdAt.toISOString(),
      })),
    })),
    joinLink: joinOf.has(b.id)
      ? {
          createdAt: joinOf.get(b.id)!.createdAt.toISOString(),
          expiresAt: joinOf.get(b.id)!.expiresAt.toISOString(),
        }
      : null,
    participants: people(b.id).map((p) => ({
      id: p.id,
      name: p.name,
      isCreator: p.isCreator,
      amountDue: money(p.amountDuePence),
      fee: money(p.feePence),
      status: p.status,
      lines: lines(p.id).map((l) => ({
        kind: l.kind,
        name: l.name,
        amount: money(l.amountPence),
        portions: l.portionHalves === null ? null : l.portionHalves / 2,
      })),
    })),
    // In the bill's order of people (links made together share their creation time).
    paymentLinks: [...links(b.id)]
      .sort((x, y) => positionOf.get(x.participantId)! - positionOf.get(y.participantId)!)
      .map((l) => ({
        participant: nameOf.get(l.participantId) ?? '',
        status: l.status,
        amount: money(l.amountPence),
        fee: money(l.feePence),
        createdAt: l.createdAt.toISOString(),
        expiresAt: l.expiresAt.toISOString(),
        paidAt: iso(l.paidAt),
      })),
    payments: paymentsOf(b.id).map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amount: money(p.amountPence),
      fee: money(p.feePence),
      refunded: money(p.refundedPence),
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      createdAt: p.createdAt.toISOString(),
      completedAt: iso(p.completedAt),
      paidFor: paidBy(p.id).map((x) => nameOf.get(x.participantId) ?? ''),
    })),
  }));
}

/** Every page of the owner's bills with their parts, in id order. */
async function* billPages(repo: AccountDataRepo, ownerId: string) {
  let from: Keyset | undefined;
  for (;;) {
    const page = await repo.billPage(ownerId, EXPORT_BILL_PAGE, from);
    if (!page.length) return;
    yield { page, parts: await repo.partsOf(page.map((b) => b.id)) };
    if (page.length < EXPORT_BILL_PAGE) return;
    const last = page.at(-1)!;
    from = last.id;
  }
}

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

const HOW: Record<string, string> = { card: 'card', cash: 'cash', bank_transfer: 'bank transfer' };

export function createAccountDataService(db: Db, clock: () => Date = () => new Date()) {
  const repo = createAccountDataRepo(db);

  return {
    /**
     * GET /api/account/export: the account as one JSON document (contracts/account.ts), yielded in
     * pieces: the small sections whole, then the scans, bills and activity a page at a time.
     */
    async *exportJson(userId: string): AsyncGenerator<string> {
      const profile = await repo.profile(userId);
      if (!profile) return;
      const [methods, sessions, payout, seenAt] = await Promise.all([
        repo.signInMethods(userId),
        repo.sessions(userId),
        repo.payoutAccount(userId),
        repo.activitySeenAt(userId),
      ]);
      const head: Omit<AccountExport, 'receiptScans' | 'bills' | 'activity'> = {
        exportedAt: clock().toISOString(),
        profile: {
          id: profile.id,
          email: profile.email,
          emailVerified: profile.emailVerified,
          name: profile.name,
          firstName: profile.firstName,
          lastName: profile.lastName,
          username: profile.username,
          profileImageUrl: profile.image,
          createdAt: profile.createdAt.toISOString(),
        },
        signInMethods: methods.map((m) => ({
          provider: m.provider,
          createdAt: m.createdAt.toISOString(),
        })),
        sessions: sessions.map((s) => ({
          createdAt: s.createdAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
        })),
        // The bank's name and last four digits only: the provider holds the rest.
        payoutAccount: payout
          ? {
              provider: payout.provider,
              bankName: payout.bankName,
              bankLast4: payout.bankLast4,
              connectedAt: payout.createdAt.toISOString(),
            }
          : null,
        activitySeenAt: iso(seenAt),
      };
      yield JSON.stringify(head).slice(0, -1);

      yield ',"receiptScans":[';
      let first = true;
      let scanFrom: Keyset | undefined;
      for (;;) {
        const page = await repo.receiptPage(userId, RECEIPT_PAGE, scanFrom);
        for (const r of page) {
          yield (
            (first ? '' : ',') +
            JSON.stringify({
              id: r.id,
              createdAt: r.createdAt.toISOString(),
              mime: r.mime,
              ocrText: r.ocrText,
              image: r.image.toString('base64'),
            })
          );
          first = false;
        }
        if (page.length < RECEIPT_PAGE) break;
        scanFrom = page.at(-1)!.id;
      }

      yield '],"bills":[';
      first = true;
      for await (const { page, parts } of billPages(repo, userId)) {
        const out = exportBills(page, parts).map((b) => JSON.stringify(b));
        yield (first ? '' : ',') + out.join(',');
        first = false;
      }

      yield '],"activity":[';
      first = true;
      let activityFrom: { at: string; id: string } | undefined;
      for (;;) {
        const page = await repo.activityPage(userId, ACTIVITY_PAGE, activityFrom);
        if (page.length) {
          const out = page.map((e) =>
            JSON.stringify({
              type: e.type,
              date: e.at.toISOString(),
              billId: e.billId,
              billName: e.billName,
              amount: e.amountPence === null ? null : money(e.amountPence),
            }),
          );
          yield (first ? '' : ',') + out.join(',');
          first = false;
        }
        if (page.length < ACTIVITY_PAGE) break;
        activityFrom = { at: page.at(-1)!.atKey, id: page.at(-1)!.id };
      }
      yield ']}';
    },

    /** How the user signs in: with a password, or only through Google or Apple. */
    async hasPassword(userId: string): Promise<boolean> {
      return (await repo.signInMethods(userId)).some((m) => m.hasPassword);
    },

    /**
     * The database part of deleting an account, in one transaction: the payments kept as bare
     * records, then the user and (by the schema's cascades) everything of theirs. A crash before
     * the commit leaves the account whole; after it, gone.
     */
    async deleteAccount(userId: string): Promise<void> {
      await inAccountTransaction(db, async (tx) => {
        const row = await tx.lockUser(userId);
        if (!row) return;
        await tx.retainPayments(userId);
        await tx.deleteUser(userId, row.email);
      });
    },

    /** GET /api/account/export?format=csv: one row per person per bill. */
    async *exportCsv(userId: string): AsyncGenerator<string> {
      yield csvRow(EXPORT_CSV_HEADER);
      for await (const { page, parts } of billPages(repo, userId)) {
        const people = groupBy(parts.participants, (r) => r.billId);
        const linkOf = new Map(parts.links.map((l) => [l.participantId, l]));
        const methodOf = new Map(parts.payments.map((p) => [p.id, p.method]));
        let chunk = '';
        for (const b of page) {
          for (const p of people(b.id)) {
            const link = linkOf.get(p.id);
            const method = link?.paymentId ? methodOf.get(link.paymentId) : undefined;
            chunk += csvRow([
              b.billDate,
              b.name,
              p.name,
              money(p.amountDuePence),
              p.isCreator ? 'yes' : p.status === 'paid' ? 'yes' : 'no',
              p.isCreator
                ? 'covered the bill'
                : p.status === 'paid'
                  ? (HOW[method ?? ''] ?? '')
                  : '',
            ]);
          }
        }
        yield chunk;
      }
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
