import type {
  CreatePaymentLinksBody,
  CreatePaymentLinksResponse,
  CreatorPaymentLink,
  PaymentRequestsResponse,
  PublicBill,
  PublicPaymentLink,
} from '../../../../contracts/payments';
import { normaliseName } from '../../../../domain/people';
import { toPence } from '../../../../domain/money';
import { isLinkExpired, PAYMENT_LINK_TTL_MS } from '../../../../domain/shares';
import type { PaymentProvider } from '../../../adapters/payments/provider';
import type { Db } from '../../../db/client';
import { AppError, badRequest, notFound } from '../../../http/errors';
import { recordBillEvent } from '../../live/events';
import type { PayoutAccountsService } from '../accounts/service';
import { BILL_NO_LONGER_AVAILABLE } from '../../../../contracts/constants';
import { BILL_NOT_FOUND, inTransaction, linkNotFound, money, newToken } from '../common';

const billUnavailable = () => new AppError(410, 'bill_unavailable', BILL_NO_LONGER_AVAILABLE);
import {
  createLinksRepo,
  type BillRow,
  type LinkView,
  type ParticipantRow,
  type PaymentLinkRow,
  type ShareLineRow,
} from './repo';

// Payment links (payments-accounts.md; DECISIONS.md The server is the authority): one per
// participant other than the creator, priced from the shares stored when the bill was saved, and
// the pages that show them to the creator and to the payer holding the token.

export interface LinksServiceDeps {
  db: Db;
  provider: PaymentProvider;
  accounts: PayoutAccountsService;
  publicUrl: string;
  clock: () => Date;
  /** Told after commit when a bill has links and someone still to pay (bill reminders). */
  onLinksCreated?: (billId: string) => void;
}

const lineOut = (line: ShareLineRow) => ({
  kind: line.kind,
  name: line.name,
  amount: money(line.amountPence),
  portions: line.portionHalves === null ? null : line.portionHalves / 2,
});

export function createLinksService(deps: LinksServiceDeps) {
  const { db, provider, accounts, publicUrl, clock } = deps;
  const repo = createLinksRepo(db);
  const payUrl = (token: string) => `${publicUrl}/pay/${token}`;

  function creatorLink(
    row: {
      link: PaymentLinkRow;
      participantName: string;
      method: CreatorPaymentLink['paidMethod'];
      disputed?: boolean;
    },
    now: Date,
  ): CreatorPaymentLink {
    const { link } = row;
    return {
      id: link.id,
      token: link.token,
      url: payUrl(link.token),
      participantId: link.participantId,
      participantName: row.participantName,
      amount: money(link.amountPence),
      fee: money(link.feePence),
      amountIncludingFee: money(link.amountPence + link.feePence),
      status: link.status,
      paidAt: link.paidAt?.toISOString() ?? null,
      paidMethod: link.status === 'paid' ? row.method : null,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      expired: link.status !== 'paid' && isLinkExpired(link.expiresAt, now),
      disputed: link.status === 'pending' && row.disputed === true,
    };
  }

  async function linksResponse(
    tx: Db,
    billId: string,
    billStatus: CreatePaymentLinksResponse['billStatus'],
  ): Promise<CreatePaymentLinksResponse> {
    const now = clock();
    const rows = await createLinksRepo(tx).linksOfBill(billId);
    return { billId, billStatus, paymentLinks: rows.map((row) => creatorLink(row, now)) };
  }

  async function publicLink(view: LinkView, tx: Db = db): Promise<PublicPaymentLink> {
    const r = createLinksRepo(tx);
    const { link, participant, bill } = view;
    const lines = await r.linesOfParticipant(participant.id);
    const paymentIntentId =
      link.status === 'paid' && link.paymentId ? await r.paymentIntentOf(link.paymentId) : null;
    return {
      id: link.id,
      token: link.token,
      participantId: participant.id,
      participantName: participant.name,
      recipientName: view.creatorName,
      billId: bill.id,
      billName: bill.name,
      billDate: bill.billDate,
      amount: money(link.amountPence),
      fee: money(link.feePence),
      amountIncludingFee: money(link.amountPence + link.feePence),
      status: link.status,
      expired: link.status !== 'paid' && isLinkExpired(link.expiresAt, clock()),
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      lines: lines.map(lineOut),
      provider: provider.name,
      testMode: provider.testMode,
      paymentIntentId,
    };
  }

  /** The link behind a token. Unknown and malformed tokens get the same answer, by the same path. */
  async function viewOf(token: string, tx: Db = db): Promise<LinkView> {
    const r = createLinksRepo(tx);
    const view = await r.linkByToken(token);
    // A link whose bill its owner deleted says so (DECISIONS.md Managing saved bills).
    if (!view) throw (await r.isCancelledToken(token)) ? billUnavailable() : linkNotFound();
    return view;
  }

  return {
    viewOf,
    publicLink,
    linksResponse,

    /**
     * POST /api/payment-links: one link per participant other than the creator, from the stored
     * shares. Amounts sent are checked against them: a mismatch is refused and nothing is stored.
     * Asking again returns the same links, renewing any that expired unpaid; the bill becomes active.
     */
    async createLinks(
      ownerId: string,
      body: CreatePaymentLinksBody,
    ): Promise<CreatePaymentLinksResponse> {
      const made = await inTransaction(db, async (t) => {
        const tx = createLinksRepo(t);
        const bill = await tx.lockOwnedBill(ownerId, body.billId);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        if (bill.status === 'picking')
          throw new AppError(
            409,
            'bill_picking',
            'Friends are still picking their items: use "Ask for the rest" to send payment links',
          );
        if (!(await accounts.receivingAccount(t, ownerId)))
          throw new AppError(
            409,
            'payment_account_required',
            'Connect a bank account before asking friends to pay you back.',
          );
        const people = (await tx.participantsOf(bill.id)).filter((p) => !p.isCreator);
        if (!people.length)
          throw new AppError(
            400,
            'no_participants',
            'Add participants to the bill before creating payment links.',
          );

        if (body.participants) {
          const unmatched = [...people];
          body.participants.forEach((sent, i) => {
            const at = unmatched.findIndex(
              (p) => normaliseName(p.name) === normaliseName(sent.name),
            );
            if (at === -1)
              throw badRequest(`${sent.name} is not on this bill`, {
                [`participants.${i}.name`]: 'is not a participant of this bill',
              });
            const [person] = unmatched.splice(at, 1);
            if (toPence(sent.amount) !== person!.amountDuePence) {
              const expected = money(person!.amountDuePence);
              throw new AppError(
                400,
                'amount_mismatch',
                `${person!.name}'s share is £${expected}, not £${money(toPence(sent.amount))}`,
                { [`participants.${i}.amount`]: `expected ${expected}` },
              );
            }
          });
        }
        const negative = people.find((p) => p.amountDuePence < 0);
        if (negative)
          throw badRequest(
            `${negative.name}'s share is below zero: change the bill before asking to be paid back`,
          );

        const now = clock();
        const expiresAt = new Date(now.getTime() + PAYMENT_LINK_TTL_MS);
        const existing = new Map(
          (await tx.linksOfBill(bill.id)).map((r) => [r.link.participantId, r.link]),
        );
        // Someone whose share is £0.00 has nothing to pay: no link is made for them.
        const owing = people.filter((p) => p.amountDuePence + p.feePence !== 0);
        const fresh = owing.filter((p) => !existing.has(p.id));
        await tx.insertLinks(
          fresh.map((p) => ({
            token: newToken(),
            billId: bill.id,
            participantId: p.id,
            amountPence: p.amountDuePence,
            feePence: p.feePence,
            status: 'pending' as const,
            paidAt: null,
            expiresAt,
          })),
        );
        await tx.renewLinks(
          [...existing.values()]
            .filter((l) => l.status === 'pending' && isLinkExpired(l.expiresAt, now))
            .map((l) => l.id),
          expiresAt,
        );
        let status = bill.status;
        if (!owing.length || (await tx.allLinksPaid(bill.id))) status = 'completed';
        else if (status === 'saved' || status === 'completed') status = 'active';
        if (status !== bill.status) await tx.setBillStatus(bill.id, status);
        if (fresh.length)
          await recordBillEvent(t, bill.id, 'links.created', {
            participantIds: fresh.map((p) => p.id),
          });
        if (status === 'completed' && status !== bill.status)
          await recordBillEvent(t, bill.id, 'bill.completed', {});
        else if (status !== bill.status)
          await recordBillEvent(t, bill.id, 'bill.updated', { status });
        return linksResponse(t, bill.id, status);
      });
      if (made.billStatus === 'active') deps.onLinksCreated?.(made.billId);
      return made;
    },

    /** GET /api/bills/:id/payment-links */
    async billLinks(ownerId: string, billId: string): Promise<CreatePaymentLinksResponse> {
      const bill = await repo.findOwnedBill(ownerId, billId);
      if (!bill) throw notFound(BILL_NOT_FOUND);
      return linksResponse(db, bill.id, bill.status);
    },

    /** GET /api/payment-links: the Payments tab's recent payment links. */
    async requests(ownerId: string): Promise<PaymentRequestsResponse> {
      const rows = await repo.requestsOf(ownerId, 50);
      return {
        requests: rows.map((r) => ({
          billId: r.bill.id,
          billName: r.bill.name,
          date: r.bill.billDate,
          createdAt: r.bill.createdAt.toISOString(),
          totalAmount: money(r.bill.totalPence),
          billStatus: r.bill.status,
          linkCount: r.linkCount,
          paidCount: r.paidCount,
          outstanding: money(r.outstandingPence),
        })),
      };
    },

    /** GET /api/payment-links/:token */
    async link(token: string): Promise<PublicPaymentLink> {
      return publicLink(await viewOf(token));
    },

    /** GET /api/payment-links/:token/bill */
    async linkBill(token: string): Promise<PublicBill> {
      const view = await viewOf(token);
      const { bill } = view;
      const now = clock();
      const [people, lines, links] = await Promise.all([
        repo.participantsOf(bill.id),
        repo.linesOf(bill.id),
        repo.linksOfBill(bill.id),
      ]);
      const linkOf = new Map(links.map((r) => [r.link.participantId, r.link]));
      const linesOf = new Map<string, ShareLineRow[]>();
      for (const line of lines)
        linesOf.set(line.participantId, [...(linesOf.get(line.participantId) ?? []), line]);
      return {
        id: bill.id,
        name: bill.name,
        date: bill.billDate,
        creatorName: view.creatorName,
        status: bill.status,
        subtotal: money(bill.subtotalPence),
        serviceCharge: money(bill.serviceChargePence),
        tip: money(bill.tipPence),
        totalAmount: money(bill.totalPence),
        fee: money(bill.feePence),
        linkParticipantId: view.participant.id,
        expired: view.link.status !== 'paid' && isLinkExpired(view.link.expiresAt, now),
        testMode: provider.testMode,
        participants: people.map((p) => {
          const link = linkOf.get(p.id);
          const own = linesOf.get(p.id) ?? [];
          return {
            id: p.id,
            participantName: p.name,
            isCreator: p.isCreator,
            amountDue: money(p.amountDuePence),
            fee: money(p.feePence),
            amountDueIncludingFee: money(p.amountDuePence + p.feePence),
            status: p.status,
            payable: !!link && link.status === 'pending' && !isLinkExpired(link.expiresAt, now),
            assignedItems: own
              .filter((l) => l.kind === 'item')
              .map((l) => ({ name: l.name, amount: money(l.amountPence) })),
            lines: own.map(lineOut),
          };
        }),
      };
    },

    // --- for settlement, inside its transaction ----------------------------------------------------

    lockOwnedBill: (tx: Db, ownerId: string, billId: string) =>
      createLinksRepo(tx).lockOwnedBill(ownerId, billId),
    participantsOf: (tx: Db, billId: string) => createLinksRepo(tx).participantsOf(billId),
    creatorName: (tx: Db, billId: string) => createLinksRepo(tx).creatorName(billId),
    billName: (billId: string) => repo.billName(billId),
    tokenOfLink: (linkId: string) => repo.tokenOfLink(linkId),

    /** A person's link, made now when they have none (a share settled by hand before any link). */
    async ensureLink(tx: Db, billId: string, person: ParticipantRow): Promise<void> {
      const r = createLinksRepo(tx);
      if ((await r.linksOfBill(billId)).some((l) => l.link.participantId === person.id)) return;
      await r.insertLinks([
        {
          token: newToken(),
          billId,
          participantId: person.id,
          amountPence: Math.max(person.amountDuePence, 0),
          feePence: person.feePence,
          expiresAt: new Date(clock().getTime() + PAYMENT_LINK_TTL_MS),
        },
      ]);
    },

    allLinksPaid: (tx: Db, billId: string) => createLinksRepo(tx).allLinksPaid(billId),
    setBillStatus: (tx: Db, billId: string, status: BillRow['status']) =>
      createLinksRepo(tx).setBillStatus(billId, status),
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
