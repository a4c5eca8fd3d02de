import { useQuery } from '@tanstack/react-query';
import { Clock, Landmark, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { isUnauthorized } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import {
  bankAccountQuery,
  fetchOnboardingUrl,
  redirectingTitle,
  rememberOnboardingReturn,
} from '../../../entities/payout-account/api/payout-account';
import { useVerifyEmailFirst } from '../../../entities/payout-account/components/verify-email-first';

/**
 * The payments onboarding dialog of the get-paid flow (payments-accounts.md §1, §4): money from
 * friends needs a connected UK bank account. 'Get connected' asks for the provider's onboarding
 * page (coming back to /?onboarding=complete, or to /onboarding?setup=refresh) and goes there.
 */
export function PaymentsOnboardingDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [connecting, setConnecting] = useState(false);
  const verifyFirst = useVerifyEmailFirst();
  // Only for the words of the toast before leaving ('Redirecting to Stripe' or the sandbox's).
  const bank = useQuery({ ...bankAccountQuery, enabled: open });

  async function connect() {
    if (connecting) return;
    setConnecting(true);
    try {
      const url = await fetchOnboardingUrl();
      // Back here afterwards (a summary, a bill), to ask to be paid back where they were.
      rememberOnboardingReturn(window.location.pathname);
      toast({ variant: 'success', title: redirectingTitle(bank.data?.provider) });
      window.location.assign(url);
      // The button stays busy: this page is being left.
    } catch (err) {
      setConnecting(false);
      if (isUnauthorized(err) || verifyFirst.intercept(err)) return;
      toast({
        variant: 'destructive',
        title: 'Setup Failed',
        description: errorMessage(err, 'Failed to start payment setup. Please try again.'),
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !connecting && onOpenChange(next)}
      title="Connect your bank to get paid"
      description="Friends pay their share by card, and Fairshare sends the money to your bank account."
      footer={
        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            block
            onClick={() => void connect()}
            disabled={connecting}
            aria-busy={connecting}
          >
            {connecting && <Spinner size="small" label="Connecting" />}
            Get connected
          </Button>
          <Button variant="ghost" block onClick={() => onOpenChange(false)} disabled={connecting}>
            Not now
          </Button>
        </div>
      }
    >
      {bank.data?.testMode && (
        <p role="note" className="mt-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900">
          <span className="font-semibold">Test mode:</span> no real bank is contacted and no money
          moves.
        </p>
      )}
      <ul className="flex flex-col gap-3 pt-2">
        <Point icon={Landmark} title="A UK bank account">
          You&apos;ll need its sort code and account number.
        </Point>
        <Point icon={Clock} title="Under 2 minutes">
          Setup is quick, and you only do it once.
        </Point>
        <Point icon={ShieldCheck} title="No account for your friends">
          They pay by card from a link or QR code.
        </Point>
      </ul>
      {verifyFirst.dialog}
    </Dialog>
  );
}

function Point({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Landmark;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-2xl bg-surface p-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800">
        <Icon aria-hidden className="size-5" />
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted">{children}</p>
      </div>
    </li>
  );
}
