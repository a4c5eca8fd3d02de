import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  BankAccount,
  CheckoutResponse,
  ConfirmResponse,
  CreatePaymentLinksBody,
  CreatePaymentLinksResponse,
  CreatorPaymentLink,
  PaymentRequestsResponse,
  PaymentSession,
  ProcessResponse,
  PublicBill,
  PublicPaymentLink,
  SandboxCheckout,
  SandboxConnectBody,
  SandboxPayBody,
} from '../../../contracts/payments';
import { PAYMENT_LINK_NOT_FOUND } from '../../../contracts/payments';
import { normaliseName } from '../../../domain/people';
import { formatPence, toDecimalString, toPence, type Pence } from '../../../domain/money';
import { isLinkExpired, PAYMENT_LINK_TTL_MS, payableFor } from '../../../domain/shares';
import type { ProviderAccount, PaymentProvider } from '../../adapters/payments/provider';
import type { SandboxProvider } from '../../adapters/payments/sandbox';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { Db } from '../../db/client';
import { CHECKOUT_HOLD_MS } from './picking';
import {
  createPaymentsRepo,
  inPaymentsTransaction,
  type CoveredLink,
  type LinkView,
  type PaymentLinkRow,
  type PaymentRow,
  type PaymentsRepo,
  type PayoutAccountRow,
  type ShareLineRow,
} from './repo';

// Getting paid back (payments-accounts.md; DECISIONS.md Payments, The server is the authority).
// Amounts come from the shares stored when the bill was saved; every successful payment, by card
// or marked by hand, goes through settle(), which locks the links it covers.

export const BILL_NOT_FOUND = 'Bill not found - it may have been deleted';
const SETUP_FAILED = 'Unable to set up payment. Please try again.';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PaymentsServiceDeps {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log: Logger;
  clock?: () => Date;
}

const money = (p: Pence) => toDecimalString(p);
const newToken = () => randomBytes(24).toString('base64url');

const linkNotFound = () => new AppError(404, 'not_found', PAYMENT_LINK_NOT_FOUND);
const linkExpired = (creator: string) =>
  new AppError(
    410,
    'link_expired',
    `This payment link has expired. Ask ${creator || 'the person who sent it'} for a new one.`,
  );
const alreadyPaid = (names: string[]) =>
  new AppError(
    409,
    'already_paid',
    `${names.join(' and ')} ${names.length === 1 ? 'has' : 'have'} already paid`,
  );
const notAvailable = (creator: string) =>
  new AppError(
    409,
    'payment_not_available',
    `${creator || 'The person who sent this link'} cannot take card payments yet. Ask them to connect a bank account in Fairshare.`,
  );

const lineOut = (line: ShareLineRow) => ({
  kind: line.kind,
  name: line.name,
  amount: money(line.amountPence),
  portions: line.portionHalves === null ? null : line.portionHalves / 2,
});

function isComplete(row: PayoutAccountRow | undefined): boolean {
  return !!row && row.detailsSubmitted && row.chargesEnabled;
}

/** Both secrets' bytes compared in constant time. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, provider, publicUrl, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const repo = createPaymentsRepo(db);
  const origin = new URL(publicUrl).origin;
  const sandbox = provider.name === 'sandbox' ? (provider as SandboxProvider) : null;
  const payUrl = (token: string) => `${publicUrl}/pay/${token}`;

  function requireSandbox(): SandboxProvider {
    if (!sandbox) throw notFound('Not found');
    return sandbox;
  }

  /** An address on this site only: the provider sends people back to it. */
  function ownUrl(value: string, field: string): string {
    let url: URL;
    try {
      url = new URL(value, publicUrl);
    } catch {
      throw badRequest(`${field} must be an address on this site`, { [field]: 'is not valid' });
    }
    if (url.origin !== origin)
      throw badRequest(`${field} must be an address on this site`, {
        [field]: 'is not on this site',
      });
    return url.toString();
  }

  // --- payout account ----------------------------------------------------------------------------

  async function applyRemote(row: PayoutAccountRow, remote: ProviderAccount) {
    return (
      (await repo.updatePayoutAccount(row.accountId, {
        detailsSubmitted: remote.detailsSubmitted,
        chargesEnabled: remote.chargesEnabled,
        bankName: remote.bankName,
        bankLast4: remote.bankLast4,
      })) ?? row
    );
  }

  /** The user's payout account for the configured provider, refreshed from it until it is ready. */
  async function payoutAccount(userId: string): Promise<PayoutAccountRow | undefined> {
    const row = await repo.findPayoutAccount(userId);
    if (!row || row.provider !== provider.name) return undefined;
    if (isComplete(row) && row.bankLast4) return row;
    try {
      const remote = await provider.retrieveAccount(row.accountId);
      return remote ? await applyRemote(row, remote) : row;
    } catch (err) {
      log.warn({ err, accountId: row.accountId }, 'could not refresh payout account');
      return row;
    }
  }

  async function ensureAccount(userId: string): Promise<PayoutAccountRow> {
    const existing = await repo.findPayoutAccount(userId);
    if (existing && existing.provider === provider.name) return existing;
    let accountId: string;
    try {
      ({ accountId } = await provider.createAccount({
        userId,
        email: await repo.userEmail(userId),
      }));
    } catch (err) {
      log.error({ err }, 'payout account creation failed');
      throw new AppError(502, 'provider_error', 'Failed to set up payment account.');
    }
    // A user who moved from one provider to another starts again with the new one.
    return inPaymentsTransaction(db, async (tx) => {
      const current = await tx.findPayoutAccount(userId);
      if (current && current.provider !== provider.name) await tx.deletePayoutAccount(userId);
      return tx.insertPayoutAccount({ userId, provider: provider.name, accountId });
    });
  }

  async function bankAccount(userId: string): Promise<BankAccount> {
    const row = await payoutAccount(userId);
    const connected = isComplete(row);
    return {
      connected,
      bankName: connected ? (row?.bankName ?? null) : null,
      bankAccountLast4: connected ? (row?.bankLast4 ?? null) : null,
      provider: provider.name,
      testMode: provider.testMode,
    };
  }

  async function onboardingLink(userId: string, returnUrl: string, refreshUrl: string) {
    const back = ownUrl(returnUrl, 'returnUrl');
    const again = ownUrl(refreshUrl, 'refreshUrl');
    const row = await ensureAccount(userId);
    try {
      const { url } = await provider.createOnboardingLink({
        accountId: row.accountId,
        returnUrl: back,
        refreshUrl: again,
      });
      return { onboardingUrl: url };
    } catch (err) {
      log.error({ err }, 'onboarding link failed');
      throw new AppError(502, 'provider_error', 'Failed to get onboarding link');
    }
  }

  // --- reading links -----------------------------------------------------------------------------

  function creatorLink(
    row: {
      link: PaymentLinkRow;
      participantName: string;
      method: CreatorPaymentLink['paidMethod'];
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
    };
  }

  async function linksResponse(
    r: PaymentsRepo,
    billId: string,
    billStatus: CreatePaymentLinksResponse['billStatus'],
  ): Promise<CreatePaymentLinksResponse> {
    const now = clock();
    const rows = await r.linksOfBill(billId);
    return { billId, billStatus, paymentLinks: rows.map((row) => creatorLink(row, now)) };
  }

  async function publicLink(view: LinkView, r: PaymentsRepo = repo): Promise<PublicPaymentLink> {
    const { link, participant, bill } = view;
    const lines = await r.linesOfParticipant(participant.id);
    let paymentIntentId: string | null = null;
    if (link.status === 'paid' && link.paymentId) {
      paymentIntentId = (await r.findPayment(link.paymentId))?.paymentIntentId ?? null;
    }
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
  async function viewOf(token: string, r: PaymentsRepo = repo): Promise<LinkView> {
    const view = await r.linkByToken(token);
    if (!view) throw linkNotFound();
    return view;
  }

  // --- settling: the one path by which a share becomes paid ---------------------------------------

  interface Settled {
    recorded: boolean;
    refundDuePence: Pence;
    /** People whose share this payment paid, and those it could not (already paid). */
    paid: string[];
    refunded: string[];
  }

  /**
   * Records a successful payment, inside the caller's transaction: locks the payment and the links
   * it covers; a payment already recorded is left alone (the same event twice); a link already paid
   * by another payment is not paid again, and its part of this charge is set aside for a refund.
   * Then the bill is completed when every link is paid.
   */
  async function settle(
    tx: PaymentsRepo,
    paymentId: string,
    details: {
      paymentIntentId?: string | null;
      cardBrand?: string | null;
      cardLast4?: string | null;
    },
  ): Promise<Settled> {
    const payment = await tx.findPayment(paymentId, true);
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    if (payment.status === 'succeeded')
      return { recorded: false, refundDuePence: 0, paid: [], refunded: [] };
    const now = clock();
    const covered = await tx.lockCoveredLinks(payment.id);
    const result: Settled = { recorded: true, refundDuePence: 0, paid: [], refunded: [] };
    for (const { item, link, participantName } of covered) {
      if (link.status === 'paid') {
        result.refundDuePence += item.amountPence + item.feePence;
        result.refunded.push(participantName);
        await tx.setItemOutcome(payment.id, link.id, 'refunded');
      } else {
        await tx.markLinkPaid(link, payment.id, now);
        await tx.setItemOutcome(payment.id, link.id, 'paid');
        result.paid.push(participantName);
      }
    }
    await tx.updatePayment(payment.id, {
      status: 'succeeded',
      completedAt: now,
      refundDuePence: result.refundDuePence,
      ...(details.paymentIntentId ? { paymentIntentId: details.paymentIntentId } : {}),
      ...(details.cardBrand ? { cardBrand: details.cardBrand } : {}),
      ...(details.cardLast4 ? { cardLast4: details.cardLast4 } : {}),
      failureMessage: result.refunded.length
        ? `${result.refunded.join(' and ')} had already been paid for: that part was refunded`
        : null,
    });
    if (await tx.allLinksPaid(payment.billId)) await tx.setBillStatus(payment.billId, 'completed');
    return result;
  }

  /** Refunds what settle() set aside, once: the provider's idempotency key makes a retry safe. */
  async function refundIfDue(paymentId: string): Promise<void> {
    const payment = await repo.findPayment(paymentId);
    if (!payment || payment.refundDuePence <= payment.refundedPence) return;
    if (!payment.paymentIntentId) {
      log.error({ paymentId }, 'a refund is due but the payment has no payment intent');
      return;
    }
    const { refundId } = await provider.refund({
      paymentIntentId: payment.paymentIntentId,
      amountPence: payment.refundDuePence,
      idempotencyKey: `refund_${payment.id}`,
    });
    await repo.updatePayment(payment.id, { refundedPence: payment.refundDuePence, refundId });
    log.warn(
      { paymentId, refundId, pence: payment.refundDuePence },
      'a share paid twice: the second charge was refunded',
    );
  }

  /** Settles a payment the provider says succeeded, found by our id or the provider's. */
  async function settleFromProvider(
    ref: { paymentId?: string | null; sessionId?: string | null; paymentIntentId?: string | null },
    details: {
      paymentIntentId?: string | null;
      cardBrand?: string | null;
      cardLast4?: string | null;
    },
  ): Promise<PaymentRow | undefined> {
    const name = provider.name;
    const payment =
      (ref.paymentId ? await repo.findPayment(ref.paymentId) : undefined) ??
      (ref.sessionId ? await repo.findPaymentAt(name, 'session', ref.sessionId) : undefined) ??
      (ref.paymentIntentId
        ? await repo.findPaymentAt(name, 'intent', ref.paymentIntentId)
        : undefined);
    if (!payment || payment.provider !== name) {
      log.warn({ ref }, 'a provider payment that matches no Fairshare payment');
      return undefined;
    }
    // A webhook's charge is often only an id: ask for the card once, for the payer's receipt.
    let card = details;
    if (!details.cardLast4 && payment.status !== 'succeeded') {
      const state = await chargeState(payment, details.paymentIntentId ?? null).catch(() => null);
      if (state) card = { ...details, cardBrand: state.cardBrand, cardLast4: state.cardLast4 };
    }
    await inPaymentsTransaction(db, (tx) => settle(tx, payment.id, card));
    await refundIfDue(payment.id);
    return repo.findPayment(payment.id);
  }

  /** What the provider says of a payment's charge (null when it keeps no state: the sandbox). */
  async function chargeState(payment: PaymentRow, paymentIntentId: string | null) {
    if (payment.kind === 'checkout' && payment.checkoutSessionId)
      return provider.retrieveCheckout(payment.checkoutSessionId);
    const intent = paymentIntentId ?? payment.paymentIntentId;
    return intent ? provider.retrievePaymentIntent(intent) : null;
  }

  // --- paying ------------------------------------------------------------------------------------

  /** Checks a payer's selection and opens a payment for it (not yet at the provider). */
  async function openPayment(
    token: string,
    participantIds: string[] | 'own',
    kind: 'checkout' | 'payment_intent',
    returnUrl: string | null,
  ): Promise<{ payment: PaymentRow; view: LinkView; people: CoveredLink[]; destination: string }> {
    return inPaymentsTransaction(db, async (tx) => {
      const view = await viewOf(token, tx);
      const { bill, link } = view;
      if (link.status !== 'paid' && isLinkExpired(link.expiresAt, clock()))
        throw linkExpired(view.creatorName);
      const account = await tx.findPayoutAccount(bill.ownerId);
      if (!account || account.provider !== provider.name || !isComplete(account))
        throw notAvailable(view.creatorName);
      const ids = participantIds === 'own' ? [link.participantId] : [...new Set(participantIds)];
      const rows = await tx.lockLinksOfParticipants(bill.id, ids);
      if (rows.length !== ids.length)
        throw badRequest('Choose people from this bill who have a payment link', {
          participantIds: 'includes someone who cannot be paid for here',
        });
      const paid = rows.filter((r) => r.link.status === 'paid');
      if (paid.length) throw alreadyPaid(paid.map((r) => r.participant.name));
      if (rows.some((r) => isLinkExpired(r.link.expiresAt, clock())))
        throw linkExpired(view.creatorName);
      const total = payableFor(
        rows.map((r) => ({ amountPence: r.link.amountPence, feePence: r.link.feePence })),
      );
      if (total.totalPence < provider.minimumChargePence)
        throw badRequest(
          `Card payments start at ${formatPence(provider.minimumChargePence)}: settle this one another way`,
        );
      const payment = await tx.insertPayment(
        {
          billId: bill.id,
          payerLinkId: link.id,
          provider: provider.name,
          method: 'card',
          kind,
          amountPence: total.amountPence,
          feePence: total.feePence,
          returnUrl,
          // The app's clock, against which a checkout's hold ends (CHECKOUT_HOLD_MS).
          createdAt: clock(),
        },
        rows.map((r) => ({
          linkId: r.link.id,
          amountPence: r.link.amountPence,
          feePence: r.link.feePence,
        })),
      );
      const people = await tx.coveredLinks(payment.id);
      return { payment, view, people, destination: account.accountId };
    });
  }

  async function failOpened(payment: PaymentRow, err: unknown): Promise<never> {
    log.error({ err, paymentId: payment.id }, 'payment setup at the provider failed');
    await repo.updatePayment(payment.id, { status: 'failed', failureMessage: SETUP_FAILED });
    throw new AppError(502, 'provider_error', SETUP_FAILED);
  }

  async function sessionOf(payment: PaymentRow): Promise<PaymentSession> {
    const [people, creatorName, payerToken, billName] = await Promise.all([
      repo.coveredLinks(payment.id),
      repo.creatorName(payment.billId),
      payment.payerLinkId ? repo.tokenOfLink(payment.payerLinkId) : null,
      repo.billName(payment.billId),
    ]);
    const status: PaymentSession['status'] =
      payment.status === 'cancelled' ? 'failed' : payment.status;
    return {
      sessionId: payment.checkoutSessionId ?? payment.paymentIntentId ?? payment.id,
      status:
        status === 'succeeded' && payment.refundedPence >= payment.amountPence + payment.feePence
          ? 'refunded'
          : status,
      billName,
      recipientName: creatorName,
      amount: money(payment.amountPence + payment.feePence),
      fee: money(payment.feePence),
      refunded: money(payment.refundedPence),
      people: people.map((c) => ({
        participantName: c.participantName,
        amount: money(c.item.amountPence),
        fee: money(c.item.feePence),
        paid: c.item.outcome === 'paid',
      })),
      paidAt: payment.completedAt?.toISOString() ?? null,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      testMode: provider.testMode,
      token: payerToken,
      message: payment.failureMessage,
    };
  }

  /** A payment by its checkout session or payment intent id, for this provider. */
  async function paymentByProviderId(id: string): Promise<PaymentRow | undefined> {
    return (
      (await repo.findPaymentAt(provider.name, 'session', id)) ??
      (await repo.findPaymentAt(provider.name, 'intent', id))
    );
  }

  /** Asks the provider about a payment still open here (a webhook not yet arrived), and settles it. */
  async function refreshOpen(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'open') return payment;
    try {
      const state = await chargeState(payment, null);
      if (state?.paid) {
        return (
          (await settleFromProvider(
            { paymentId: payment.id },
            {
              paymentIntentId: state.paymentIntentId,
              cardBrand: state.cardBrand,
              cardLast4: state.cardLast4,
            },
          )) ?? payment
        );
      }
    } catch (err) {
      log.warn({ err, paymentId: payment.id }, 'could not ask the provider about a payment');
    }
    return payment;
  }

  return {
    // --- payout account (the spec's /api/stripe/* calls) ------------------------------------------

    bankAccount,

    async connectStatus(userId: string) {
      return { onboardingComplete: isComplete(await payoutAccount(userId)) };
    },

    /** POST /api/stripe/connect/account: makes the account if needed; says if onboarding remains. */
    async connectAccount(userId: string) {
      await ensureAccount(userId);
      return { accountSetupRequired: !isComplete(await payoutAccount(userId)) };
    },

    onboardingLink,

    /** POST /api/stripe/connect/start: onboarding that comes back to Settings. */
    async startOnboarding(userId: string) {
      return onboardingLink(
        userId,
        `${publicUrl}/settings?setup=complete`,
        `${publicUrl}/settings?setup=refresh`,
      );
    },

    /** POST /api/sandbox/connect: the sandbox's own onboarding page, with UK bank details. */
    async sandboxConnect(
      userId: string,
      body: SandboxConnectBody & { sortCode: string; accountNumber: string },
    ) {
      const sbx = requireSandbox();
      const row = await ensureAccount(userId);
      const bank = sbx.connectBank({ sortCode: body.sortCode, accountNumber: body.accountNumber });
      await repo.updatePayoutAccount(row.accountId, {
        detailsSubmitted: true,
        chargesEnabled: true,
        bankName: bank.bankName,
        bankLast4: bank.bankLast4,
      });
      return bankAccount(userId);
    },

    // --- links for the creator -------------------------------------------------------------------

    /**
     * POST /api/payment-links: one link per participant other than the creator, from the stored
     * shares. Amounts sent are checked against them: a mismatch is refused and nothing is stored.
     * Asking again returns the same links, renewing any that expired unpaid; the bill becomes active.
     */
    async createLinks(
      ownerId: string,
      body: CreatePaymentLinksBody,
    ): Promise<CreatePaymentLinksResponse> {
      return inPaymentsTransaction(db, async (tx) => {
        const bill = await tx.lockOwnedBill(ownerId, body.billId);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        if (bill.status === 'picking')
          throw new AppError(
            409,
            'bill_picking',
            'Friends are still picking their items: use "Ask for the rest" to send payment links',
          );
        const account = await tx.findPayoutAccount(ownerId);
        if (!account || account.provider !== provider.name || !isComplete(account))
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
        const fresh = people.filter((p) => !existing.has(p.id));
        await tx.insertLinks(
          fresh.map((p) => {
            // Someone who owes nothing has nothing to pay: their link starts settled.
            const nothing = p.amountDuePence + p.feePence === 0;
            return {
              token: newToken(),
              billId: bill.id,
              participantId: p.id,
              amountPence: p.amountDuePence,
              feePence: p.feePence,
              status: nothing ? ('paid' as const) : ('pending' as const),
              paidAt: nothing ? now : null,
              expiresAt,
            };
          }),
        );
        const settledAtOnce = fresh.filter((p) => p.amountDuePence + p.feePence === 0);
        if (settledAtOnce.length) await tx.markParticipantsPaid(settledAtOnce.map((p) => p.id));
        await tx.renewLinks(
          [...existing.values()]
            .filter((l) => l.status === 'pending' && isLinkExpired(l.expiresAt, now))
            .map((l) => l.id),
          expiresAt,
        );
        let status = bill.status;
        if (await tx.allLinksPaid(bill.id)) status = 'completed';
        else if (status === 'saved' || status === 'completed') status = 'active';
        if (status !== bill.status) await tx.setBillStatus(bill.id, status);
        return linksResponse(tx, bill.id, status);
      });
    },

    /** GET /api/bills/:id/payment-links */
    async billLinks(ownerId: string, billId: string): Promise<CreatePaymentLinksResponse> {
      const bill = await repo.findOwnedBill(ownerId, billId);
      if (!bill) throw notFound(BILL_NOT_FOUND);
      return linksResponse(repo, bill.id, bill.status);
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

    /** Marks a friend paid in cash or by bank transfer, through the same settle() as a card. */
    async markPaid(
      ownerId: string,
      billId: string,
      participantId: string,
      method: 'cash' | 'bank_transfer',
    ): Promise<CreatePaymentLinksResponse> {
      return inPaymentsTransaction(db, async (tx) => {
        const bill = await tx.lockOwnedBill(ownerId, billId);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const person = (await tx.participantsOf(bill.id)).find((p) => p.id === participantId);
        if (!person || person.isCreator) throw notFound('That person is not on this bill');
        let link = await tx.linkOfParticipant(bill.id, person.id);
        if (!link) {
          await tx.insertLinks([
            {
              token: newToken(),
              billId: bill.id,
              participantId: person.id,
              amountPence: Math.max(person.amountDuePence, 0),
              feePence: person.feePence,
              expiresAt: new Date(clock().getTime() + PAYMENT_LINK_TTL_MS),
            },
          ]);
          link = await tx.linkOfParticipant(bill.id, person.id);
        }
        if (link!.status === 'paid') throw alreadyPaid([person.name]);
        const payment = await tx.insertPayment(
          {
            billId: bill.id,
            provider: 'manual',
            method,
            kind: 'manual',
            amountPence: link!.amountPence,
            feePence: 0,
          },
          [{ linkId: link!.id, amountPence: link!.amountPence, feePence: 0 }],
        );
        await settle(tx, payment.id, {});
        const status = (await tx.allLinksPaid(bill.id)) ? 'completed' : 'active';
        if (status !== bill.status) await tx.setBillStatus(bill.id, status);
        return linksResponse(tx, bill.id, status);
      });
    },

    /** Undoes a share marked paid by hand; a card payment cannot be undone here. */
    async unmarkPaid(
      ownerId: string,
      billId: string,
      participantId: string,
    ): Promise<CreatePaymentLinksResponse> {
      return inPaymentsTransaction(db, async (tx) => {
        const bill = await tx.lockOwnedBill(ownerId, billId);
        if (!bill) throw notFound(BILL_NOT_FOUND);
        const link = await tx.linkOfParticipant(bill.id, participantId);
        if (!link) throw notFound('That person is not on this bill');
        if (link.status !== 'paid' || !link.paymentId)
          throw new AppError(409, 'not_paid', 'This share is not marked as paid');
        const payment = await tx.findPayment(link.paymentId, true);
        if (!payment || payment.provider !== 'manual')
          throw new AppError(409, 'paid_by_card', 'A card payment cannot be undone here');
        await tx.updatePayment(payment.id, { status: 'cancelled' });
        await tx.setItemOutcome(payment.id, link.id, null);
        await tx.markLinkPending(link);
        if (bill.status !== 'active') await tx.setBillStatus(bill.id, 'active');
        return linksResponse(tx, bill.id, 'active');
      });
    },

    // --- payers ------------------------------------------------------------------------------------

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

    /** POST /api/payments/checkout: one hosted checkout for the chosen people's shares and fees. */
    async checkout(token: string, participantIds: string[]): Promise<CheckoutResponse> {
      const { payment, view, people, destination } = await openPayment(
        token,
        participantIds,
        'checkout',
        null,
      );
      let session;
      try {
        session = await provider.createCheckout({
          paymentId: payment.id,
          lines: [
            ...people.map((c) => ({
              name: `${c.participantName}'s share of ${view.bill.name}`,
              amountPence: c.item.amountPence,
            })),
            ...(payment.feePence
              ? [{ name: 'Payment processing fee (3%)', amountPence: payment.feePence }]
              : []),
          ],
          feePence: payment.feePence,
          destinationAccountId: destination,
          successUrl: `${publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${publicUrl}/payment-cancelled?token=${encodeURIComponent(view.link.token)}`,
          description: `${view.bill.name}: paying ${view.creatorName}`,
        });
      } catch (err) {
        return failOpened(payment, err);
      }
      await repo.updatePayment(payment.id, { checkoutSessionId: session.sessionId });
      return {
        success: true,
        sessionUrl: session.url,
        sessionId: session.sessionId,
        amount: money(payment.amountPence + payment.feePence),
      };
    },

    /**
     * POST /api/payment-links/:token/process and POST /api/create-stripe-payment: a payment intent
     * for this link's share alone, for a card form that confirms it with the client secret.
     */
    async createIntent(token: string, returnUrl?: string): Promise<ProcessResponse> {
      const back = returnUrl ? ownUrl(returnUrl, 'returnUrl') : null;
      const { payment, view, destination } = await openPayment(
        token,
        'own',
        'payment_intent',
        back,
      );
      let intent;
      try {
        intent = await provider.createPaymentIntent({
          paymentId: payment.id,
          amountPence: payment.amountPence + payment.feePence,
          feePence: payment.feePence,
          destinationAccountId: destination,
          description: `${view.participant.name}'s share of ${view.bill.name}`,
        });
      } catch (err) {
        return failOpened(payment, err);
      }
      await repo.updatePayment(payment.id, {
        paymentIntentId: intent.paymentIntentId,
        // Only the sandbox checks the secret itself; Stripe's stays with Stripe.
        clientSecret: sandbox ? intent.clientSecret : null,
      });
      return {
        paymentLink: await publicLink(view),
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.paymentIntentId,
      };
    },

    /** POST /api/payment-links/:token/confirm and /api/pay/:token/confirm */
    async confirm(token: string, paymentIntentId: string): Promise<ConfirmResponse> {
      const view = await viewOf(token);
      let payment = await repo.findPaymentAt(provider.name, 'intent', paymentIntentId);
      const covers =
        payment &&
        (payment.payerLinkId === view.link.id ||
          (await repo.coveredLinks(payment.id)).some((c) => c.link.id === view.link.id));
      if (!payment || !covers)
        throw new AppError(
          404,
          'payment_intent_not_found',
          'Payment intent not found. Please refresh the page and try again.',
        );
      payment = await refreshOpen(payment);
      return {
        status:
          payment.status === 'succeeded'
            ? 'succeeded'
            : payment.status === 'open'
              ? 'processing'
              : 'failed',
        paymentLink: await publicLink(await viewOf(token)),
      };
    },

    /** GET /api/payments/sessions/:id: how a checkout went, for the success page. */
    async session(id: string): Promise<PaymentSession> {
      const found = await paymentByProviderId(id);
      if (!found) throw notFound('Payment not found');
      return sessionOf(await refreshOpen(found));
    },

    /** POST /api/webhooks/stripe: a verified event, handled once however often it arrives. */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      const event = provider.verifyWebhook(rawBody, signature);
      if (await repo.eventSeen(provider.name, event.id)) return { received: true, duplicate: true };
      switch (event.type) {
        case 'checkout.session.completed':
          if (event.paid)
            await settleFromProvider(
              { paymentId: event.paymentId, sessionId: event.sessionId },
              { paymentIntentId: event.paymentIntentId },
            );
          break;
        case 'payment_intent.succeeded':
          await settleFromProvider(
            { paymentId: event.paymentId, paymentIntentId: event.paymentIntentId },
            {
              paymentIntentId: event.paymentIntentId,
              cardBrand: event.cardBrand,
              cardLast4: event.cardLast4,
            },
          );
          break;
        case 'account.updated':
          await repo.updatePayoutAccount(event.account.accountId, {
            detailsSubmitted: event.account.detailsSubmitted,
            chargesEnabled: event.account.chargesEnabled,
            bankName: event.account.bankName,
            bankLast4: event.account.bankLast4,
          });
          break;
        case 'ignored':
          break;
      }
      await repo.recordEvent(provider.name, event.id, event.type);
      return { received: true, duplicate: false };
    },

    // --- the sandbox's checkout page -----------------------------------------------------------

    /** GET /api/sandbox/checkout/:id (a checkout session or a payment intent). */
    async sandboxCheckout(id: string): Promise<SandboxCheckout> {
      requireSandbox();
      const payment = await paymentByProviderId(id);
      if (!payment) throw notFound('This checkout was not found');
      const session = await sessionOf(payment);
      const token = session.token;
      return {
        ...session,
        kind: payment.kind === 'payment_intent' ? 'payment_intent' : 'checkout',
        cancelUrl: token
          ? `${publicUrl}/payment-cancelled?token=${encodeURIComponent(token)}`
          : `${publicUrl}/payment-cancelled`,
      };
    },

    /**
     * POST /api/sandbox/checkout/:id/pay: the sandbox's card payment. In one transaction: the
     * payment and its links are locked, a share already paid is refused before any charge, the
     * test card is charged, and the payment is settled.
     */
    async sandboxPay(
      id: string,
      body: SandboxPayBody,
    ): Promise<{ status: 'succeeded'; redirectUrl: string }> {
      const sbx = requireSandbox();
      const found = await paymentByProviderId(id);
      if (!found) throw notFound('This checkout was not found');
      const redirectUrl =
        found.kind === 'payment_intent' && found.returnUrl
          ? withQuery(found.returnUrl, {
              payment_intent: found.paymentIntentId ?? '',
              redirect_status: 'succeeded',
            })
          : `${publicUrl}/payment-success?session_id=${encodeURIComponent(id)}`;
      await inPaymentsTransaction(db, async (tx) => {
        const payment = await tx.findPayment(found.id, true);
        if (!payment) throw notFound('This checkout was not found');
        if (
          payment.kind === 'payment_intent' &&
          !sameSecret(body.clientSecret ?? '', payment.clientSecret ?? '')
        )
          throw new AppError(
            403,
            'bad_client_secret',
            'This payment could not be confirmed. Please refresh the page and try again.',
          );
        if (payment.status === 'succeeded') return; // paid already: never charged twice
        // An open checkout holds a picking friend's share for CHECKOUT_HOLD_MS only: after that
        // the share may have changed, so the checkout has expired, as a Stripe session would.
        if (
          payment.status !== 'open' ||
          payment.createdAt.getTime() <= clock().getTime() - CHECKOUT_HOLD_MS
        )
          throw new AppError(
            410,
            'checkout_closed',
            'This checkout is no longer open. Go back and start again.',
          );
        const covered = await tx.lockCoveredLinks(payment.id);
        const paid = covered.filter((c) => c.link.status === 'paid');
        if (paid.length) throw alreadyPaid(paid.map((c) => c.participantName));
        if (covered.some((c) => isLinkExpired(c.link.expiresAt, clock())))
          throw linkExpired(await tx.creatorName(payment.billId));
        const charge = sbx.charge(body, clock());
        if (!charge.ok && charge.kind === 'invalid') {
          const [first] = Object.values(charge.problems);
          throw new AppError(
            400,
            'card_invalid',
            first ?? 'Check your card details',
            charge.problems,
          );
        }
        if (!charge.ok) throw new AppError(402, 'card_declined', charge.message);
        await settle(tx, payment.id, {
          paymentIntentId: payment.paymentIntentId ?? charge.paymentIntentId,
          cardBrand: charge.brandName,
          cardLast4: charge.card.last4,
        });
      });
      return { status: 'succeeded', redirectUrl };
    },
  };
}

function withQuery(url: string, query: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return u.toString();
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
