import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AssignRestBody,
  CreatorPickingResponse,
  CreatorPicksBody,
  FinishPickingResponse,
  JoinBillResponse,
  JoinLinkResponse,
  JoinPaymentLinkBody,
  JoinPaymentLinkResponse,
  JoinResponse,
  MyShare,
  PickShareLine,
  PutPicksBody,
} from '../../../contracts/join';
import { JOIN_LINK_NOT_FOUND } from '../../../contracts/join';
import { TOO_MANY_PEOPLE_MESSAGE } from '../../../domain/bill-rules';
import { toDecimalString, type Pence } from '../../../domain/money';
import {
  assignRest,
  firstNameOf,
  joinOutcome,
  pickChangeProblem,
  pickingShares,
  replacePicks,
  splitRestEqually,
  type ItemPick,
  type PickingInput,
  type PickingResult,
  type PickingShare,
  type PickPortions,
} from '../../../domain/picking';
import { isLinkExpired, PAYMENT_LINK_TTL_MS, type ShareLine } from '../../../domain/shares';
import type { Db } from '../../db/client';
import { recordBillEvent, recordBillEvents } from '../live/events';
import { oneAtATime } from './one-at-a-time';
import { AppError, badRequest, notFound } from '../../http/errors';
import {
  canTakePayments,
  ensurePaymentLink,
  hasPaymentLinks,
  linksForEveryone,
  paymentStates,
  syncPendingLinks,
  type PaymentStates,
} from '../payments/picking';
import {
  createPickingRepo,
  inPickingTransaction,
  isUuid,
  type BillRow,
  type PickingAggregate,
  type PickingRepo,
} from './repo';

// Friends pick their own items (DECISIONS.md "Friends pick their own items"; domain/picking.ts
// decides who owes what). Every change runs in one transaction that locks the bill row first and
// then its payment links, so picks on one bill are applied one after another on PostgreSQL, and a
// checkout opening meanwhile waits and then charges what this transaction stored.

export const BILL_NOT_FOUND = 'Bill not found - it may have been deleted';
export const PICKING_ENDED = 'Picking has ended for this bill: ask for your payment link instead';

const money = (p: Pence) => toDecimalString(p);
const newToken = () => randomBytes(24).toString('base64url');
const newSecret = () => randomBytes(32).toString('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** One body for an unknown, expired or malformed join token. */
const joinNotFound = () => new AppError(404, 'not_found', JOIN_LINK_NOT_FOUND);

function sameHash(secret: string, stored: string | null): boolean {
  if (stored === null) return false;
  const a = Buffer.from(hashOf(secret), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface PickingServiceDeps {
  db: Db;
  publicUrl: string;
  testMode: boolean;
  clock?: () => Date;
}

export function createPickingService(deps: PickingServiceDeps) {
  const { db, publicUrl } = deps;
  const clock = deps.clock ?? (() => new Date());
  const repo = createPickingRepo(db);
  const joinUrl = (token: string) => `${publicUrl}/join/${token}`;
  const payUrl = (token: string) => `${publicUrl}/pay/${token}`;
  // A bill's changes run one at a time in this process, each in its own transaction (the bill
  // row's lock still orders them across processes): see one-at-a-time.ts.
  const queue = oneAtATime();
  const inTurn = <T>(key: string, fn: (r: PickingRepo, tx: Db) => Promise<T>) =>
    queue(key, () => inPickingTransaction(db, fn));

  function inputOf(agg: PickingAggregate, states: PaymentStates): PickingInput {
    return {
      items: agg.items.map((item) => ({
        id: item.id,
        name: item.name,
        amountPence: item.amountPence,
      })),
      participants: agg.participants.map((p) => {
        const state = states.get(p.id) ?? 'open';
        return state === 'open'
          ? { id: p.id, name: p.name, state }
          : { id: p.id, name: p.name, state, fixedLines: agg.lines.get(p.id) ?? [] };
      }),
      picks: agg.picks,
      serviceChargePence: agg.bill.serviceChargePence,
      tipPence: agg.bill.tipPence,
      taxPence: agg.bill.taxPence,
    };
  }

  /**
   * Stores the open people's shares and keeps their pending links at those amounts. Only the
   * people whose amounts or lines moved are written: a pick usually moves one or two of them, and
   * a bill's changes wait on each other (21 people written each time cost a bench of 20 picks a
   * second two thirds of its throughput).
   */
  async function store(tx: Db, r: PickingRepo, agg: PickingAggregate, result: PickingResult) {
    const open = result.shares.filter((s) => s.state === 'open');
    const byId = new Map(agg.participants.map((p) => [p.id, p]));
    const moved = open.filter((s) => {
      const stored = byId.get(s.participantId);
      return (
        !stored ||
        stored.amountDuePence !== Math.max(s.amountPence, 0) ||
        stored.feePence !== s.feePence ||
        !sameLines(agg.lines.get(s.participantId) ?? [], s.lines)
      );
    });
    await r.storeShares(agg.bill.id, agg.items, moved);
    // What is stored now, should the same transaction store again.
    for (const s of moved) {
      agg.lines.set(s.participantId, s.lines);
      const stored = byId.get(s.participantId);
      if (stored) {
        stored.amountDuePence = Math.max(s.amountPence, 0);
        stored.feePence = s.feePence;
      }
    }
    await syncPendingLinks(tx, agg.bill.id, open);
  }

  /** Refuses a change of the picks that touches a held or paid share, with the holder's reason. */
  function refuseHeld(
    agg: PickingAggregate,
    states: PaymentStates,
    from: readonly ItemPick[],
    next: readonly ItemPick[],
  ) {
    const people = agg.participants.map((p) => ({
      id: p.id,
      name: firstNameOf(p.name),
      state: states.get(p.id) ?? ('open' as const),
    }));
    const problem = pickChangeProblem(people, from, next);
    if (problem)
      throw new AppError(409, 'pick_held', problem.reason, {
        [`item.${problem.itemId}`]: problem.reason,
      });
  }

  /**
   * Stores `next` as the bill's picks (the people in `changed` are the ones whose picks moved),
   * stores the shares, and records one pick event for each of `events` (a person, once per
   * request of theirs that was applied).
   */
  async function writePicks(
    tx: Db,
    r: PickingRepo,
    agg: PickingAggregate,
    states: PaymentStates,
    next: ItemPick[],
    changed: readonly string[],
    events: readonly string[] = changed,
  ): Promise<PickingResult> {
    await r.setPicksOf(agg.bill.id, [...new Set(changed)], next);
    const after = { ...agg, picks: next };
    const result = pickingShares(inputOf(after, states));
    await store(tx, r, after, result);
    agg.picks = next;
    await recordBillEvents(
      tx,
      agg.bill.id,
      'pick',
      events.map((participantId) => {
        const share = result.shares.find((s) => s.participantId === participantId)!;
        return {
          participantId,
          amount: money(share.amountPence),
          notPicked: money(result.notPicked.amountPence),
        };
      }),
    );
    return result;
  }

  /** Applies a change of the whole set of picks, or refuses it with the holder's reason. */
  async function applyPicks(
    tx: Db,
    r: PickingRepo,
    agg: PickingAggregate,
    states: PaymentStates,
    next: ItemPick[],
    changed: string[],
  ): Promise<PickingResult> {
    refuseHeld(agg, states, agg.picks, next);
    return writePicks(tx, r, agg, states, next, changed);
  }

  /**
   * Friends' picks of one bill that arrive while an earlier change of it is being stored go
   * together, in one transaction, when their turn comes (each checked and answered on its own: a
   * refused one changes nothing and holds back no other). Under load a bill's changes are bound
   * by how long each holds its lock, so a table picking at once is stored in a few transactions,
   * not one per tap.
   */
  const gathering = new Map<string, PendingPicks[]>();
  const MAX_GATHERED = 50;

  async function storeGathered(token: string, batch: PendingPicks[]) {
    const applied = await inTurn(`join:${token}`, async (r, tx) => {
      if (gathering.get(token) === batch) gathering.delete(token);
      const { agg, states } = await openByToken(tx, r, token);
      let picks = agg.picks;
      const accepted: { pending: PendingPicks; personId: string }[] = [];
      for (const pending of batch) {
        try {
          const { body } = pending;
          if (!isUuid(body.participantId)) participantOf(agg, body.participantId);
          const person = verify(agg, body.participantId, body.secret);
          requirePicking(agg.bill);
          checkItems(agg, body.picks);
          const next = replacePicks(picks, person.id, body.picks);
          refuseHeld(agg, states, picks, next);
          picks = next;
          accepted.push({ pending, personId: person.id });
        } catch (err) {
          pending.reject(err);
        }
      }
      if (!accepted.length) return [];
      const ids = accepted.map((a) => a.personId);
      const result = await writePicks(tx, r, agg, states, picks, ids, ids);
      return accepted.map(({ pending, personId }) => ({
        pending,
        share: shareOut(
          agg,
          result.shares.find((s) => s.participantId === personId)!,
        ),
      }));
    });
    // Answered once stored (committed).
    for (const { pending, share } of applied) pending.resolve(share);
  }

  function checkItems(agg: PickingAggregate, picks: readonly { itemId: string }[]) {
    const ids = new Set(agg.items.map((i) => i.id));
    picks.forEach((p, i) => {
      if (!ids.has(p.itemId))
        throw badRequest('That item is not on this bill', {
          [`picks.${i}.itemId`]: 'is not an item of this bill',
        });
    });
  }

  function participantOf(agg: PickingAggregate, participantId: string) {
    const person = agg.participants.find((p) => p.id === participantId);
    if (!person)
      throw badRequest('That person is not on this bill', {
        participantId: 'is not a participant of this bill',
      });
    return person;
  }

  /** The bill behind a live join token, locked, with everything picking reads; or the one 404. */
  async function openByToken(tx: Db, r: PickingRepo, token: string) {
    const found = await r.billOfToken(token, true);
    if (!found || isLinkExpired(found.link.expiresAt, clock())) throw joinNotFound();
    const states = await paymentStates(tx, found.bill.id, clock(), { lock: true });
    return { agg: await r.load(found.bill), states, link: found.link };
  }

  async function openOwned(tx: Db, r: PickingRepo, ownerId: string, billId: string) {
    const bill = await r.ownedBill(ownerId, billId, true);
    if (!bill) throw notFound(BILL_NOT_FOUND);
    const states = await paymentStates(tx, bill.id, clock(), { lock: true });
    return { agg: await r.load(bill), states };
  }

  function requirePicking(bill: BillRow) {
    if (bill.status !== 'picking') throw new AppError(409, 'picking_ended', PICKING_ENDED);
  }

  function verify(agg: PickingAggregate, participantId: string, secret: string) {
    const person = participantOf(agg, participantId);
    if (!sameHash(secret, person.secretHash))
      throw new AppError(
        403,
        'wrong_secret',
        'Only the phone that joined as this person can change their picks',
        {
          secret: 'is not the secret of this person',
        },
      );
    return person;
  }

  const lineOut = (agg: PickingAggregate, line: ShareLine): PickShareLine => ({
    kind: line.kind,
    name: line.name,
    amount: money(line.amountPence),
    portions: line.portions,
    itemId: line.itemIndex === null ? null : (agg.items[line.itemIndex]?.id ?? null),
  });

  const shareOut = (agg: PickingAggregate, share: PickingShare): MyShare => ({
    participantId: share.participantId,
    state: share.state,
    lines: share.lines.map((l) => lineOut(agg, l)),
    amount: money(share.amountPence),
    fee: money(share.feePence),
    amountIncludingFee: money(share.amountPence + share.feePence),
  });

  function viewOf(
    agg: PickingAggregate,
    states: PaymentStates,
    expiresAt: Date,
  ): JoinBillResponse & { result: PickingResult } {
    const result = pickingShares(inputOf(agg, states));
    const { bill } = agg;
    return {
      result,
      bill: {
        name: bill.name,
        date: bill.billDate,
        status: bill.status === 'saved' ? 'picking' : bill.status,
        items: agg.items.map((i) => ({ id: i.id, name: i.name, amount: money(i.amountPence) })),
        subtotal: money(bill.subtotalPence),
        serviceCharge: money(bill.serviceChargePence),
        tip: money(bill.tipPence),
        tax: money(bill.taxPence),
        totalAmount: money(bill.totalPence),
        fee: money(result.feePence),
      },
      participants: agg.participants.map((p, i) => {
        const share = result.shares[i]!;
        return {
          id: p.id,
          firstName: firstNameOf(p.name),
          isCreator: p.isCreator,
          joined: p.isCreator || p.secretHash !== null,
          amount: money(share.amountPence),
          fee: money(share.feePence),
          state: share.state,
          paid: share.state === 'paid',
          lines: share.lines.map((l) => lineOut(agg, l)),
        };
      }),
      picks: agg.picks.map((p) => ({ ...p })),
      notPicked: {
        amount: money(result.notPicked.amountPence),
        items: result.notPicked.items.map((i) => ({
          itemId: i.itemId,
          name: i.name,
          amount: money(i.amountPence),
        })),
      },
      expiresAt: expiresAt.toISOString(),
      testMode: deps.testMode,
    };
  }

  async function creatorView(r: PickingRepo, tx: Db, agg: PickingAggregate, states: PaymentStates) {
    const link = await r.joinLinkOf(agg.bill.id);
    if (!link) throw new AppError(409, 'not_picking', 'Friends are not picking on this bill');
    const { result: _result, ...view } = viewOf(agg, states, link.expiresAt);
    void tx;
    return {
      ...view,
      participants: view.participants.map((p, i) => ({ ...p, name: agg.participants[i]!.name })),
      joinLink: {
        token: link.token,
        url: joinUrl(link.token),
        expiresAt: link.expiresAt.toISOString(),
      },
    } satisfies CreatorPickingResponse;
  }

  return {
    /**
     * POST /api/bills/:id/join-link: a saved bill without payment links gets its join link (the
     * same one again, renewed when expired, for a bill already picking); it becomes `picking` and
     * its assignments become the picks of those people.
     */
    async createJoinLink(ownerId: string, billId: string): Promise<JoinLinkResponse> {
      return inTurn(`bill:${billId}`, async (r, tx) => {
        const { agg, states } = await openOwned(tx, r, ownerId, billId);
        const { bill } = agg;
        const now = clock();
        const expiresAt = new Date(now.getTime() + PAYMENT_LINK_TTL_MS);
        const existing = await r.joinLinkOf(bill.id);
        if (bill.status === 'picking' && existing) {
          if (isLinkExpired(existing.expiresAt, now)) await r.renewJoinLink(bill.id, expiresAt);
          const at = isLinkExpired(existing.expiresAt, now) ? expiresAt : existing.expiresAt;
          return {
            token: existing.token,
            url: joinUrl(existing.token),
            expiresAt: at.toISOString(),
          };
        }
        // A bill saved as 'picking' (POST /api/bills) gets its link here; a saved one turns to it.
        if (
          (bill.status !== 'saved' && bill.status !== 'picking') ||
          states.size > 0 ||
          (await hasPaymentLinks(tx, bill.id))
        )
          throw new AppError(
            409,
            'has_payment_links',
            'Friends can pick only on a saved bill that has no payment links yet',
          );
        if (bill.mode !== 'byItem')
          throw new AppError(409, 'not_by_item', 'Friends can pick only on a bill split by item');
        // Who had what stays: assignments become picks; an item split equally is shared by all.
        const assigned = await r.assignmentsOf(bill.id);
        const picks: ItemPick[] = agg.items.flatMap((item) =>
          item.splitMode === 'equally'
            ? agg.participants.map((p) => ({
                participantId: p.id,
                itemId: item.id,
                portions: 'share' as PickPortions,
              }))
            : assigned
                .filter((a) => a.itemId === item.id)
                .map((a) => ({
                  participantId: a.participantId,
                  itemId: a.itemId,
                  portions: a.portionHalves / 2,
                })),
        );
        await r.insertPicks(bill.id, picks);
        await r.setItemsManual(bill.id);
        const token = newToken();
        if (existing) {
          await r.renewJoinLink(bill.id, expiresAt);
        } else {
          await r.insertJoinLink({ billId: bill.id, token, expiresAt });
        }
        await r.setStatus(bill.id, 'picking');
        await recordBillEvent(tx, bill.id, 'bill.updated', { status: 'picking' });
        const loaded = await r.load({ ...bill, status: 'picking' });
        await store(tx, r, loaded, pickingShares(inputOf(loaded, states)));
        const linkToken = existing?.token ?? token;
        return { token: linkToken, url: joinUrl(linkToken), expiresAt: expiresAt.toISOString() };
      });
    },

    /** The bill behind a live join token (its event stream), or the one 404. */
    async billOfToken(token: string): Promise<string> {
      const found = await repo.billOfToken(token, false);
      if (!found || isLinkExpired(found.link.expiresAt, clock())) throw joinNotFound();
      return found.bill.id;
    },

    /** GET /api/join/:token: the bill, its people (first names) and every pick. */
    async view(token: string): Promise<JoinBillResponse> {
      const found = await repo.billOfToken(token, false);
      if (!found || isLinkExpired(found.link.expiresAt, clock())) throw joinNotFound();
      const states = await paymentStates(db, found.bill.id, clock(), { lock: false });
      const { result: _result, ...view } = viewOf(
        await repo.load(found.bill),
        states,
        found.link.expiresAt,
      );
      return view;
    },

    /** POST /api/join/:token/participants: take a typed name nobody has, or add a new person. */
    async join(token: string, name: string): Promise<JoinResponse> {
      return inTurn(`join:${token}`, async (r, tx) => {
        const { agg } = await openByToken(tx, r, token);
        requirePicking(agg.bill);
        const outcome = joinOutcome(
          agg.participants.map((p) => ({
            id: p.id,
            name: p.name,
            claimed: p.isCreator || p.secretHash !== null,
          })),
          name,
        );
        if (outcome.kind === 'refused')
          throw new AppError(
            outcome.message === TOO_MANY_PEOPLE_MESSAGE ? 409 : 400,
            'name_refused',
            outcome.message,
            {
              name: outcome.message,
            },
          );
        const secret = newSecret();
        if (outcome.kind === 'claim') {
          // The bill row is locked, so nobody can take the name between the check and this.
          if (!(await r.claimParticipant(outcome.participantId, hashOf(secret))))
            throw new AppError(409, 'name_refused', 'Someone has just joined with that name', {
              name: 'is taken',
            });
          await recordBillEvent(tx, agg.bill.id, 'join', {
            participantId: outcome.participantId,
            name: firstNameOf(name),
          });
          return { participantId: outcome.participantId, secret };
        }
        const participantId = await r.insertParticipant(agg.bill.id, outcome.name, hashOf(secret));
        await recordBillEvent(tx, agg.bill.id, 'join', {
          participantId,
          name: firstNameOf(outcome.name),
        });
        return { participantId, secret };
      });
    },

    /** PUT /api/join/:token/picks: a person's whole set of picks, with their secret. */
    async putPicks(token: string, body: PutPicksBody): Promise<MyShare> {
      return new Promise<MyShare>((resolve, reject) => {
        const pending = { body, resolve, reject };
        const batch = gathering.get(token);
        if (batch && batch.length < MAX_GATHERED) {
          batch.push(pending);
          return;
        }
        const started = [pending];
        gathering.set(token, started);
        storeGathered(token, started).catch((err: unknown) => {
          if (gathering.get(token) === started) gathering.delete(token);
          for (const p of started) p.reject(err);
        });
      });
    },

    /**
     * POST /api/join/:token/payment-link: the person's own payment link at their picked amount
     * ("Pay now" gives its token to POST /api/payments/checkout; "Pay later" keeps its url).
     */
    async paymentLink(token: string, body: JoinPaymentLinkBody): Promise<JoinPaymentLinkResponse> {
      return inTurn(`join:${token}`, async (r, tx) => {
        const { agg, states } = await openByToken(tx, r, token);
        const person = verify(agg, body.participantId, body.secret);
        const result = pickingShares(inputOf(agg, states));
        await store(tx, r, agg, result);
        const share = result.shares.find((s) => s.participantId === person.id)!;
        if (share.state === 'open' && share.amountPence + share.feePence <= 0)
          throw badRequest('Pick what you had first: you owe nothing yet', { picks: 'are empty' });
        const link = await ensurePaymentLink(
          tx,
          {
            billId: agg.bill.id,
            participantId: person.id,
            amountPence: share.amountPence,
            feePence: share.feePence,
          },
          clock(),
        );
        return {
          token: link.token,
          url: payUrl(link.token),
          amount: money(share.amountPence),
          fee: money(share.feePence),
          amountIncludingFee: money(share.amountPence + share.feePence),
          expiresAt: link.expiresAt.toISOString(),
        };
      });
    },

    // --- the creator ---------------------------------------------------------------------------------

    /** GET /api/bills/:id/picking */
    async creatorPicking(ownerId: string, billId: string): Promise<CreatorPickingResponse> {
      const bill = await repo.ownedBill(ownerId, billId, false);
      if (!bill) throw notFound(BILL_NOT_FOUND);
      const states = await paymentStates(db, bill.id, clock(), { lock: false });
      return creatorView(repo, db, await repo.load(bill), states);
    },

    /** PUT /api/bills/:id/picks: the creator sets anyone's picks (their own, or a wrong one removed). */
    async creatorSetPicks(
      ownerId: string,
      billId: string,
      body: CreatorPicksBody,
    ): Promise<CreatorPickingResponse> {
      return inTurn(`bill:${billId}`, async (r, tx) => {
        const { agg, states } = await openOwned(tx, r, ownerId, billId);
        requirePicking(agg.bill);
        const person = participantOf(agg, body.participantId);
        checkItems(agg, body.picks);
        await applyPicks(tx, r, agg, states, replacePicks(agg.picks, person.id, body.picks), [
          person.id,
        ]);
        return creatorView(r, tx, agg, states);
      });
    },

    /** POST /api/bills/:id/picking/assign-rest */
    async assignRest(
      ownerId: string,
      billId: string,
      body: AssignRestBody,
    ): Promise<CreatorPickingResponse> {
      return inTurn(`bill:${billId}`, async (r, tx) => {
        const { agg, states } = await openOwned(tx, r, ownerId, billId);
        requirePicking(agg.bill);
        const person = participantOf(agg, body.participantId);
        const next = assignRest(inputOf(agg, states).items, agg.picks, person.id);
        await applyPicks(tx, r, agg, states, next, [person.id]);
        return creatorView(r, tx, agg, states);
      });
    },

    /** POST /api/bills/:id/picking/split-rest */
    async splitRest(ownerId: string, billId: string): Promise<CreatorPickingResponse> {
      return inTurn(`bill:${billId}`, async (r, tx) => {
        const { agg, states } = await openOwned(tx, r, ownerId, billId);
        requirePicking(agg.bill);
        const input = inputOf(agg, states);
        const next = splitRestEqually(input.items, input.participants, agg.picks);
        const open = input.participants.filter((p) => p.state === 'open').map((p) => p.id);
        await applyPicks(tx, r, agg, states, next, open);
        return creatorView(r, tx, agg, states);
      });
    },

    /**
     * POST /api/bills/:id/picking/finish, "Ask for the rest": payment links for everyone who has
     * not paid, from their picks now; the picks become the items' assignments; the bill is active
     * (completed when nobody owes anything).
     */
    async finish(ownerId: string, billId: string): Promise<FinishPickingResponse> {
      return inTurn(`bill:${billId}`, async (r, tx) => {
        const { agg, states } = await openOwned(tx, r, ownerId, billId);
        requirePicking(agg.bill);
        if (!(await canTakePayments(tx, ownerId)))
          throw new AppError(
            409,
            'payment_account_required',
            'Connect a bank account before asking friends to pay you back.',
          );
        const result = pickingShares(inputOf(agg, states));
        if (result.notPicked.amountPence !== 0)
          throw new AppError(
            409,
            'not_all_picked',
            `Not picked yet: £${money(result.notPicked.amountPence)}. Assign it or split it equally first.`,
          );
        await store(tx, r, agg, result);
        await r.picksToAssignments(agg.bill.id, agg.picks);
        const friends = result.shares.filter(
          (s, i) => !agg.participants[i]!.isCreator && s.state !== 'paid',
        );
        const { allPaid } = await linksForEveryone(tx, agg.bill.id, friends, clock());
        const status = allPaid ? 'completed' : 'active';
        await r.setStatus(agg.bill.id, status);
        await recordBillEvent(tx, agg.bill.id, 'links.created', {
          participantIds: friends.map((f) => f.participantId),
        });
        if (allPaid) await recordBillEvent(tx, agg.bill.id, 'bill.completed', {});
        else await recordBillEvent(tx, agg.bill.id, 'bill.updated', { status });
        return { id: agg.bill.id, status };
      });
    },
  };
}

export type PickingService = ReturnType<typeof createPickingService>;

/** A friend's picks waiting for their bill's turn, and how to answer them. */
interface PendingPicks {
  body: PutPicksBody;
  resolve: (share: MyShare) => void;
  reject: (err: unknown) => void;
}

/** Whether two lists of share lines are the same, line for line. */
function sameLines(a: readonly ShareLine[], b: readonly ShareLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i]!;
      return (
        line.kind === other.kind &&
        line.name === other.name &&
        line.amountPence === other.amountPence &&
        line.itemIndex === other.itemIndex &&
        line.portions === other.portions
      );
    })
  );
}
