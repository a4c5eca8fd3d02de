import { BadgeCheck, Landmark } from 'lucide-react';
import { useState } from 'react';
import { maskedLast4 } from '../../../../domain/bank-details';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { reportError } from '../../../components/ui/report-error';
import {
  fetchSettingsOnboardingUrl,
  redirectingTitle,
  useBankAccount,
} from '../../../entities/payout-account/api/payout-account';
import { useVerifyEmailFirst } from '../../../entities/payout-account/components/verify-email-first';

/** A small 'Test mode' pill for anything the sandbox provider shows. */
export function TestModePill() {
  return (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      Test mode
    </span>
  );
}

/**
 * Settings' bank-account card (payments-accounts.md §2 /settings): connected, with the bank's name,
 * the account's last four digits and 'Ready to Receive Payments'; otherwise a card that starts the
 * provider's onboarding, which comes back to Settings with setup=complete or setup=refresh.
 */
export function BankAccountCard() {
  const account = useBankAccount();
  const [starting, setStarting] = useState(false);
  const verifyFirst = useVerifyEmailFirst();

  async function connect() {
    setStarting(true);
    try {
      const url = await fetchSettingsOnboardingUrl();
      toast({ title: redirectingTitle(account.data?.provider) });
      window.location.assign(url);
    } catch (err) {
      setStarting(false);
      if (verifyFirst.intercept(err)) return;
      reportError(err, 'Setup Failed', 'Failed to start payment setup. Please try again.');
    }
  }

  return (
    <section
      aria-labelledby="bank-title"
      aria-busy={account.isPending}
      className="mt-4 rounded-3xl border border-line bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <Landmark aria-hidden className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          {account.isPending ? (
            <>
              <h2 id="bank-title" className="sr-only">
                Bank account
              </h2>
              <div className="h-5 w-40 animate-pulse rounded bg-gray-200" />
              <div className="mt-2 h-4 w-56 animate-pulse rounded bg-gray-200" />
            </>
          ) : account.data?.connected ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="bank-title" className="text-lg font-semibold">
                  {account.data.bankName ?? 'Bank account'}
                </h2>
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                  <BadgeCheck aria-hidden className="size-3.5" /> Connected
                </span>
                {account.data.testMode && <TestModePill />}
              </div>
              {account.data.bankAccountLast4 && (
                <p className="tabular mt-1 text-muted">
                  <span className="sr-only">Account ending </span>
                  {maskedLast4(account.data.bankAccountLast4)}
                </p>
              )}
              <p className="mt-2 font-medium text-brand-800">Ready to Receive Payments</p>
            </>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="bank-title" className="text-lg font-semibold">
                  Set up payments
                </h2>
                {account.data?.testMode && <TestModePill />}
              </div>
              <p className="mt-1 text-muted">
                Connect a UK bank account to get paid back by card. You will need your sort code and
                account number; it takes under 2 minutes.
              </p>
            </>
          )}
        </div>
      </div>
      {account.isError && (
        <div className="mt-4 flex items-center justify-between gap-3 rounded-2xl bg-red-50 px-4 py-3">
          <p className="text-sm text-danger">Could not load your bank account.</p>
          <Button size="sm" variant="secondary" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {account.data && !account.data.connected && (
        <Button
          className="mt-4"
          block
          size="lg"
          onClick={() => void connect()}
          disabled={starting}
          aria-busy={starting}
        >
          {starting && <Spinner size="small" label="Starting" />}
          Connect bank account
        </Button>
      )}
      {verifyFirst.dialog}
    </section>
  );
}
