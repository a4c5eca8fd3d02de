import type { BankAccount } from '../../../../contracts/payments';
import type { PaymentProvider, ProviderAccount } from '../../../adapters/payments/provider';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { inTransaction, ownUrl, type Logger } from '../common';
import { createAccountsRepo, type PayoutAccountFields, type PayoutAccountRow } from './repo';

// Payout accounts (the spec's /api/stripe/* calls, whichever the provider): a creator's account
// at the provider, its onboarding, and whether it can receive money yet.

export interface AccountsServiceDeps {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  log: Logger;
}

export function isComplete(row: PayoutAccountRow | undefined): boolean {
  return !!row && row.detailsSubmitted && row.chargesEnabled;
}

export function createPayoutAccountsService(deps: AccountsServiceDeps) {
  const { db, provider, publicUrl, log } = deps;
  const repo = createAccountsRepo(db);

  async function applyRemote(row: PayoutAccountRow, remote: ProviderAccount) {
    return (
      (await repo.updatePayoutAccount(row.accountId, {
        detailsSubmitted: remote.detailsSubmitted,
        chargesEnabled: remote.chargesEnabled,
        payoutsEnabled: remote.payoutsEnabled,
        requirementsDue: remote.requirementsDue,
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
    return inTransaction(db, async (tx) => {
      const r = createAccountsRepo(tx);
      const current = await r.findPayoutAccount(userId);
      if (current && current.provider !== provider.name) await r.deletePayoutAccount(userId);
      return r.insertPayoutAccount({ userId, provider: provider.name, accountId });
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

  /**
   * Where the provider sends someone whose onboarding link expired or was used: a server route
   * that makes a fresh link and redirects to it (Stripe's refresh_url), falling back to `again`.
   */
  const refreshRoute = (back: string, again: string) =>
    `${publicUrl}/api/stripe/connect/refresh?${new URLSearchParams({ return: back, fallback: again })}`;

  async function onboardingLink(userId: string, returnUrl: string, refreshUrl: string) {
    const back = ownUrl(publicUrl, returnUrl, 'returnUrl');
    const again = ownUrl(publicUrl, refreshUrl, 'refreshUrl');
    const row = await ensureAccount(userId);
    try {
      const { url } = await provider.createOnboardingLink({
        accountId: row.accountId,
        returnUrl: back,
        refreshUrl: refreshRoute(back, again),
      });
      return { onboardingUrl: url };
    } catch (err) {
      log.error({ err }, 'onboarding link failed');
      throw new AppError(502, 'provider_error', 'Failed to get onboarding link');
    }
  }

  return {
    bankAccount,
    ensureAccount,
    onboardingLink,

    /** GET /api/stripe/connect/refresh: a fresh onboarding link to redirect to, or the fallback page. */
    async refreshOnboarding(
      userId: string,
      returnUrl: string,
      fallbackUrl: string,
    ): Promise<string> {
      const again = ownUrl(publicUrl, fallbackUrl, 'fallback');
      try {
        return (await onboardingLink(userId, returnUrl, again)).onboardingUrl;
      } catch (err) {
        log.warn({ err }, 'a fresh onboarding link could not be made');
        return again;
      }
    },

    async connectStatus(userId: string) {
      return { onboardingComplete: isComplete(await payoutAccount(userId)) };
    },

    /** POST /api/stripe/connect/account: makes the account if needed; says if onboarding remains. */
    async connectAccount(userId: string) {
      await ensureAccount(userId);
      return { accountSetupRequired: !isComplete(await payoutAccount(userId)) };
    },

    /** POST /api/stripe/connect/start: onboarding that comes back to Settings. */
    async startOnboarding(userId: string) {
      return onboardingLink(
        userId,
        `${publicUrl}/settings?setup=complete`,
        `${publicUrl}/settings?setup=refresh`,
      );
    },

    /** The owner's account when it can receive money from this provider (inside `tx`). */
    async receivingAccount(tx: Db, ownerId: string): Promise<PayoutAccountRow | undefined> {
      const account = await createAccountsRepo(tx).findPayoutAccount(ownerId);
      return account && account.provider === provider.name && isComplete(account)
        ? account
        : undefined;
    },

    /**
     * Closes the user's payout account at the provider (deleted, or rejected when it cannot be),
     * before their Fairshare account is deleted; the row goes with the account. 502 when the
     * provider cannot be reached, so nothing is deleted while the account is still open there.
     */
    async closePayoutAccount(userId: string): Promise<void> {
      const row = await repo.findPayoutAccount(userId);
      if (!row || row.provider !== provider.name) return;
      try {
        const { closed } = await provider.closeAccount(row.accountId);
        log.info({ accountId: row.accountId, closed }, 'payout account closed');
      } catch (err) {
        log.error({ err, accountId: row.accountId }, 'could not close payout account');
        throw new AppError(
          502,
          'provider_error',
          'We could not disconnect your payout account just now. Nothing was deleted; please try again.',
        );
      }
    },

    /** Stores what the provider says of an account (its onboarding, its bank). */
    async update(accountId: string, fields: PayoutAccountFields) {
      return repo.updatePayoutAccount(accountId, fields);
    },
  };
}

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
