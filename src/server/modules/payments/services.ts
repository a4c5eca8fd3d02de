import type { PaymentProvider } from '../../adapters/payments/provider';
import type { Db } from '../../db/client';
import { createPayoutAccountsService } from './accounts/service';
import type { Logger } from './common';
import { createProviderEventsService } from './events/service';
import { createLinksService } from './links/service';
import { createSettlementService } from './settlement/service';

// The payments module's four services, each with one job, wired to one another.

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log: Logger;
  clock?: () => Date;
  /** After commit: a payment paid someone's share; links were made for a bill (notifications). */
  onSettled?: (paymentId: string) => void;
  onLinksCreated?: (billId: string) => void;
}

export function createPaymentsServices(deps: PaymentsDeps) {
  const { db, provider, publicUrl, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const accounts = createPayoutAccountsService({ db, provider, publicUrl, log });
  const links = createLinksService({
    db,
    provider,
    accounts,
    publicUrl,
    clock,
    onLinksCreated: deps.onLinksCreated,
  });
  const settlement = createSettlementService({
    db,
    provider,
    accounts,
    links,
    publicUrl,
    log,
    clock,
    onSettled: deps.onSettled,
  });
  const events = createProviderEventsService({ db, provider, accounts, settlement, log });
  return { accounts, links, settlement, events, clock };
}

export type PaymentsServices = ReturnType<typeof createPaymentsServices>;
