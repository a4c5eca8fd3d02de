import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Camera, Landmark, PartyPopper, QrCode, Users } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useProfileForm } from './use-profile-form';
import { maskedLast4 } from '../../../../domain/bank-details';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import {
  fetchOnboardingUrl,
  prepareConnectAccount,
  redirectingTitle,
  rememberOnboardingReturn,
  useBankAccount,
} from '../../../entities/payout-account/api/payout-account';
import { useVerifyEmailFirst } from '../../../entities/payout-account/components/verify-email-first';
import { Button } from '../../../components/ui/button';
import { reportError } from '../../../components/ui/report-error';
import { returnPathOf } from '../../../lib/return-path';
import { currentUserQuery, useCurrentUser } from '../../../lib/use-current-user';

export const ONBOARDING_STEPS = [
  'profile',
  'payment',
  'tutorial-intro',
  'tutorial-scan',
  'tutorial-split',
  'tutorial-pay',
] as const;

function StepShell({
  icon,
  title,
  children,
  footer,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <section aria-labelledby="onboarding-title" className="flex flex-1 flex-col">
      <div className="grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        {icon}
      </div>
      <h1
        id="onboarding-title"
        tabIndex={-1}
        className="mt-6 text-3xl font-bold tracking-tight outline-none"
      >
        {title}
      </h1>
      <div className="mt-3 flex-1 text-lg text-muted">{children}</div>
      <div className="mt-8 space-y-3">{footer}</div>
    </section>
  );
}

function ProfileStep({ onDone }: { onDone: () => void }) {
  const { fields, submit, saving } = useProfileForm(onDone);

  return (
    <form onSubmit={submit} noValidate className="flex flex-1 flex-col">
      <StepShell
        icon={<Users aria-hidden className="size-8" />}
        title="What should friends call you?"
        footer={
          <Button type="submit" size="lg" block disabled={saving}>
            {saving ? 'Loading...' : 'Continue'}
          </Button>
        }
      >
        <p>Your name appears on the bills you share and on payment links.</p>
        <div className="mt-6 space-y-4">{fields}</div>
      </StepShell>
    </form>
  );
}

/**
 * The payment step (spec §4 Onboarding): 'Get connected' asks the server for the payout account;
 * with no setup needed it moves on, otherwise the browser goes to the provider's onboarding link.
 * The button is disabled while loading and enabled again on failure.
 */
function PaymentStep({ onNext }: { onNext: () => void }) {
  const account = useBankAccount();
  const search = useSearch();
  const [busy, setBusy] = useState(false);
  const verifyFirst = useVerifyEmailFirst();

  async function connect() {
    setBusy(true);
    try {
      if (!(await prepareConnectAccount())) {
        onNext();
        return;
      }
      const url = await fetchOnboardingUrl();
      // Coming back connected, the tour goes on where it was left (step 3), not at home.
      rememberOnboardingReturn(stepPath(ONBOARDING_STEPS.indexOf('tutorial-intro'), search));
      toast({ title: redirectingTitle(account.data?.provider) });
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      if (verifyFirst.intercept(err)) return;
      reportError(err, 'Setup failed', 'Failed to set up payment account.');
    }
  }

  const connected = account.data?.connected;
  return (
    <StepShell
      icon={<Landmark aria-hidden className="size-8" />}
      title="Get paid back by card"
      footer={
        connected ? (
          <Button size="lg" block onClick={onNext}>
            Continue
          </Button>
        ) : (
          <>
            <Button size="lg" block onClick={() => void connect()} disabled={busy} aria-busy={busy}>
              {busy && <Spinner size="small" label="Connecting" />}
              Get connected
            </Button>
            <Button size="lg" block variant="ghost" onClick={onNext}>
              Skip for now
            </Button>
          </>
        )
      }
    >
      {connected ? (
        <div className="rounded-3xl border border-line bg-white p-5 text-base text-ink shadow-sm">
          <p className="font-semibold">{account.data?.bankName}</p>
          {account.data?.bankAccountLast4 && (
            <p className="tabular text-muted">{maskedLast4(account.data.bankAccountLast4)}</p>
          )}
          <p className="mt-2 font-medium text-brand-800">Ready to Receive Payments</p>
        </div>
      ) : (
        <>
          <p>
            Connect a UK bank account so friends can pay their share straight to you. It takes under
            2 minutes with your sort code and account number.
          </p>
          <p className="mt-3 text-base">You can do this later in Settings.</p>
          {account.data?.testMode && (
            <p className="mt-3 text-base">
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
                Test mode
              </span>{' '}
              no real bank is contacted and no money moves.
            </p>
          )}
        </>
      )}
      {verifyFirst.dialog}
    </StepShell>
  );
}

const STEP_PARAM = 'step';

/** /onboarding at the given step (0-based index; the URL counts from 1), keeping the rest of `search`. */
function stepPath(index: number, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('setup');
  params.set(STEP_PARAM, String(index + 1));
  return `/onboarding?${params.toString()}`;
}

/** The step asked for in the URL (after the profile step only), else null. */
function stepOf(search: string): number | null {
  const n = Number(new URLSearchParams(search).get(STEP_PARAM));
  return Number.isInteger(n) && n >= 2 && n <= ONBOARDING_STEPS.length ? n - 1 : null;
}

export function OnboardingScreen() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const retry = new URLSearchParams(search).get('setup') === 'refresh';
  // Someone who already has a name (a Google user, or coming back) starts at the payment step.
  // Someone back from connecting their bank goes on at the step after it (?step=3).
  const [index, setIndex] = useState(() =>
    user?.firstName && user.lastName ? (stepOf(search) ?? 1) : 0,
  );

  // Back from the provider's onboarding unfinished (its refreshUrl): say so, and tidy the URL.
  useEffect(() => {
    if (!retry) return;
    toast({
      title: 'Setup Incomplete',
      description: 'Your bank account is not connected yet. Try again or skip for now.',
    });
    navigate(location, { replace: true });
  }, [retry, location, navigate]);
  const [direction, setDirection] = useState<'forward' | 'backward'>('forward');
  const [finishing, setFinishing] = useState(false);
  const titleFocus = useRef(false);

  const step = ONBOARDING_STEPS[index]!;
  const go = (to: number) => {
    setDirection(to > index ? 'forward' : 'backward');
    titleFocus.current = true;
    setIndex(to);
  };

  useEffect(() => {
    // Move focus to the new step's title so screen readers announce the change.
    if (titleFocus.current) document.getElementById('onboarding-title')?.focus();
  }, [index]);

  async function finish() {
    setFinishing(true);
    await queryClient.refetchQueries({ queryKey: currentUserQuery.queryKey });
    // Back to the page asked for before signing up, if there was one.
    navigate(returnPathOf(search) ?? '/', { replace: true });
  }

  const tutorial = (title: string, icon: ReactNode, text: string, last = false) => (
    <StepShell
      icon={icon}
      title={title}
      footer={
        <Button
          size="lg"
          block
          disabled={finishing}
          onClick={() => (last ? finish() : go(index + 1))}
        >
          {last ? "Let's go!" : 'Continue'}
        </Button>
      }
    >
      <p>{text}</p>
    </StepShell>
  );

  let content: ReactNode;
  switch (step) {
    case 'profile':
      content = <ProfileStep onDone={() => go(1)} />;
      break;
    case 'payment':
      content = <PaymentStep onNext={() => go(2)} />;
      break;
    case 'tutorial-intro':
      content = (
        <StepShell
          icon={<PartyPopper aria-hidden className="size-8" />}
          title="You're all set"
          footer={
            <>
              <Button size="lg" block onClick={() => go(3)}>
                Teach me!
              </Button>
              <Button size="lg" block variant="ghost" disabled={finishing} onClick={finish}>
                Skip for now
              </Button>
            </>
          }
        >
          <p>Want a 30-second tour of how Fairshare splits a bill?</p>
        </StepShell>
      );
      break;
    case 'tutorial-scan':
      content = tutorial(
        '1. Scan the receipt',
        <Camera aria-hidden className="size-8" />,
        'Take a photo of the bill or pick one from your library. Fairshare reads every item and price for you.',
      );
      break;
    case 'tutorial-split':
      content = tutorial(
        '2. Split it fairly',
        <Users aria-hidden className="size-8" />,
        'Add your friends, tap names to assign items, share dishes in portions, and add tip and service. Every penny adds up.',
      );
      break;
    case 'tutorial-pay':
      content = tutorial(
        '3. Get paid back',
        <QrCode aria-hidden className="size-8" />,
        'Send each friend a payment link or QR code. They pay by card without signing up, and you see who has paid.',
        true,
      );
      break;
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-[375px] flex-col overflow-hidden px-6 pb-8 pt-6">
      <div className="flex h-11 items-center justify-between">
        {index > 0 ? (
          <button
            type="button"
            onClick={() => go(index - 1)}
            aria-label="Back"
            className="-ml-2 grid size-11 place-items-center rounded-full hover:bg-brand-50"
          >
            <ArrowLeft aria-hidden className="size-6" />
          </button>
        ) : (
          <span />
        )}
        <p className="text-sm text-muted" aria-live="polite">
          Step {index + 1} of {ONBOARDING_STEPS.length}
        </p>
      </div>
      <div className="mt-2 flex gap-1.5" aria-hidden>
        {ONBOARDING_STEPS.map((s, i) => (
          <span
            key={s}
            className={`h-1.5 flex-1 rounded-full ${i <= index ? 'bg-brand-700' : 'bg-line'}`}
          />
        ))}
      </div>
      <div
        key={step}
        data-step={step}
        className="mt-8 flex flex-1 flex-col"
        style={{
          animation: `${direction === 'forward' ? 'slide-from-right' : 'slide-from-left'} 250ms ease-out`,
        }}
      >
        {content}
      </div>
    </main>
  );
}
