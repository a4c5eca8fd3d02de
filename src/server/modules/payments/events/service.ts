import {
  WebhookEventError,
  type PaymentProvider,
  type ProviderEvent,
} from '../../../adapters/payments/provider';
import type { Db } from '../../../db/client';
import type { PayoutAccountsService } from '../accounts/service';
import type { Logger } from '../common';
import type { EventOutcome, SettlementService } from '../settlement/service';
import { createEventsRepo } from './repo';

// Provider events (webhooks), decision 018: a verified event from the right endpoint, in the key's
// mode, claimed once however often and however simultaneously it arrives; money is believed only
// when the provider's own state of it matches what Fairshare created (settlement checks).

export interface EventsServiceDeps {
  db: Db;
  provider: PaymentProvider;
  accounts: PayoutAccountsService;
  settlement: SettlementService;
  log: Logger;
}

export function createProviderEventsService(deps: EventsServiceDeps) {
  const { db, provider, accounts, settlement, log } = deps;
  const repo = createEventsRepo(db);

  async function handle(event: ProviderEvent): Promise<EventOutcome> {
    if (event.livemode === provider.testMode)
      return {
        outcome: 'mismatch',
        detail: `a ${event.livemode ? 'live' : 'test'} event for a ${provider.testMode ? 'test' : 'live'} key`,
      };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        // A bank payment completes unpaid; its result comes in the async event.
        return settlement.settleFromProvider(
          { sessionId: event.sessionId, paymentId: event.paymentId },
          {
            sessionId: event.sessionId,
            amountPence: event.amountPence,
            currency: event.currency,
            paymentIntentId: event.paymentIntentId,
          },
        );
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return settlement.endFromProvider(
          { sessionId: event.sessionId, paymentId: event.paymentId },
          { sessionId: event.sessionId },
        );
      case 'payment_intent.succeeded':
        return settlement.settleFromProvider(
          { paymentIntentId: event.paymentIntentId, paymentId: event.paymentId },
          {
            paymentIntentId: event.paymentIntentId,
            amountPence: event.amountPence,
            currency: event.currency,
            destinationAccountId: event.destinationAccountId,
          },
        );
      case 'payment_intent.payment_failed':
        return settlement.endFromProvider(
          { paymentIntentId: event.paymentIntentId, paymentId: event.paymentId },
          {},
        );
      case 'charge.refunded':
      case 'charge.dispute.created':
      case 'charge.dispute.closed':
        return settlement.applyCharge(event.chargeId);
      case 'account.updated': {
        if (event.account && event.account !== event.accountId)
          return {
            outcome: 'mismatch',
            detail: `account ${event.accountId} in ${event.account}'s event`,
          };
        // The snapshot may be older than one already applied (Stripe keeps no order): ask.
        const remote = await provider.retrieveAccount(event.accountId);
        if (!remote) return { outcome: 'ignored', detail: 'the provider keeps no accounts' };
        const row = await accounts.update(remote.accountId, {
          detailsSubmitted: remote.detailsSubmitted,
          chargesEnabled: remote.chargesEnabled,
          payoutsEnabled: remote.payoutsEnabled,
          requirementsDue: remote.requirementsDue,
          bankName: remote.bankName,
          bankLast4: remote.bankLast4,
        });
        return row
          ? { outcome: 'applied', detail: null }
          : { outcome: 'unmatched', detail: 'no Fairshare account' };
      }
      case 'ignored':
        return { outcome: 'ignored', detail: event.originalType };
    }
  }

  return {
    /** POST /api/webhooks/stripe */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      const event = provider.verifyWebhook(rawBody, signature);
      const accountEvent = event.type === 'account.updated';
      if (event.type !== 'ignored' && (event.endpoint === 'connect') !== accountEvent)
        throw new WebhookEventError(
          `${event.type} is taken from the ${accountEvent ? 'Connect' : 'platform'} endpoint only`,
        );
      if (!(await repo.claim(provider.name, event.id, event.type)))
        return { received: true as const, duplicate: true };
      let result: EventOutcome;
      try {
        result = await handle(event);
      } catch (err) {
        await repo.release(provider.name, event.id);
        throw err;
      }
      await repo.finish(provider.name, event.id, result.outcome, result.detail);
      if (result.outcome === 'mismatch')
        log.warn(
          { eventId: event.id, type: event.type, detail: result.detail },
          'a provider event changed nothing: it does not match',
        );
      return { received: true as const, duplicate: false };
    },
  };
}

export type ProviderEventsService = ReturnType<typeof createProviderEventsService>;
