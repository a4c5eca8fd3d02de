import type { PaymentProvider } from '../../../adapters/payments/provider';
import type { Db } from '../../../db/client';
import type { PayoutAccountsService } from '../accounts/service';
import type { SettlementService } from '../settlement/service';
import { createEventsRepo } from './repo';

// Provider events (webhooks): a verified event, handled once however often it arrives.

export interface EventsServiceDeps {
  db: Db;
  provider: PaymentProvider;
  accounts: PayoutAccountsService;
  settlement: SettlementService;
}

export function createProviderEventsService(deps: EventsServiceDeps) {
  const { db, provider, accounts, settlement } = deps;
  const repo = createEventsRepo(db);

  return {
    /** POST /api/webhooks/stripe */
    async webhook(rawBody: Buffer, signature: string | undefined) {
      const event = provider.verifyWebhook(rawBody, signature);
      if (await repo.eventSeen(provider.name, event.id)) return { received: true, duplicate: true };
      switch (event.type) {
        case 'checkout.session.completed':
          if (event.paid)
            await settlement.settleFromProvider(
              { paymentId: event.paymentId, sessionId: event.sessionId },
              { paymentIntentId: event.paymentIntentId },
            );
          break;
        case 'payment_intent.succeeded':
          await settlement.settleFromProvider(
            { paymentId: event.paymentId, paymentIntentId: event.paymentIntentId },
            {
              paymentIntentId: event.paymentIntentId,
              cardBrand: event.cardBrand,
              cardLast4: event.cardLast4,
            },
          );
          break;
        case 'account.updated':
          await accounts.update(event.account.accountId, {
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
      return { received: true as const, duplicate: false };
    },
  };
}

export type ProviderEventsService = ReturnType<typeof createProviderEventsService>;
