import { CircleAlert, CircleCheckBig, FlaskConical } from 'lucide-react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import type { SandboxCheckout } from '../../../../contracts/payments';
import type { CardField, CardInput } from '../../../../domain/cards';
import { formatPence, toPence } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useSandboxPay } from '../api/sandbox-pay';
import { cardPayFailure } from '../model/checkout-failure';
import { SUCCESS_REDIRECT_MS, type CardFormStatus } from '../model/card-form';
import { PAYMENT_ERROR_TITLE } from '../model/load-errors';
import { AmountLine, AmountList } from './amount-lines';
import { CardForm } from './card-form';

export const PAYMENT_SUCCESS_TITLE = 'Woohoo! Payment successful';
export const PAYMENT_ERROR_PANEL_TITLE = 'Whoops! Payment error';

const money = (amount: string) => formatPence(toPence(amount));

/**
 * Where the page goes after a success: the server's address, always on this site (its path and
 * query taken onto this origin, so a misconfigured public address cannot send a payer elsewhere).
 */
export function successTarget(redirectUrl: string, sessionId: string): string {
  try {
    const url = new URL(redirectUrl, window.location.origin);
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
  }
}

/**
 * The sandbox provider's hosted checkout (it stands in for Stripe Checkout): a test banner with the
 * cards that work, who is paid and for whom, and the card form through its states, ready,
 * processing, error and success (payments-accounts.md §2 Card form, §4).
 */
export function SandboxCheckoutView({
  sessionId,
  checkout,
  clientSecret,
}: {
  sessionId: string;
  checkout: SandboxCheckout;
  clientSecret: string | null;
}) {
  const id = useId();
  const pay = useSandboxPay(sessionId);
  const alreadyPaid = checkout.status === 'succeeded';
  const [state, setState] = useState<CardFormStatus>(
    alreadyPaid ? { status: 'success' } : { status: 'ready' },
  );
  const [closed, setClosed] = useState<string | null>(
    checkout.status === 'open' || alreadyPaid
      ? null
      : 'This checkout is no longer open. Go back and start again.',
  );
  const [serverProblems, setServerProblems] = useState<Partial<Record<CardField, string>>>({});
  const [redirectTo, setRedirectTo] = useState<string | null>(
    alreadyPaid ? `/payment-success?session_id=${encodeURIComponent(sessionId)}` : null,
  );

  // Success is shown for exactly 2500 ms before the page goes on (spec §4, §9).
  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => window.location.assign(redirectTo), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo]);

  const total = money(checkout.amount);
  const tryAgain = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.status === 'error') tryAgain.current?.focus();
  }, [state.status]);

  async function submit(card: CardInput) {
    setState({ status: 'processing' });
    try {
      const answer = await pay.mutateAsync({
        ...card,
        ...(checkout.kind === 'payment_intent' && clientSecret ? { clientSecret } : {}),
      });
      setState({ status: 'success' });
      toast({
        variant: 'success',
        title: PAYMENT_SUCCESS_TITLE,
        description: `You paid ${total}.`,
      });
      setRedirectTo(successTarget(answer.redirectUrl, sessionId));
    } catch (err) {
      const failure = cardPayFailure(err);
      switch (failure.kind) {
        case 'declined':
        case 'error':
          // Said once, by the error panel in place of the form (an alert), not a toast as well.
          setState({ status: 'error', message: failure.message });
          break;
        case 'invalid':
          setState({ status: 'ready' });
          setServerProblems(failure.problems);
          break;
        case 'closed':
          setState({ status: 'ready' });
          setClosed(failure.message);
          break;
        case 'unexpected':
          setState({ status: 'ready' });
          toast({
            variant: 'destructive',
            title: PAYMENT_ERROR_TITLE,
            description: failure.message,
          });
          break;
      }
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div
        role="note"
        aria-labelledby={`${id}-test`}
        className="border-b-2 border-amber-300 bg-amber-100 px-4 py-3 text-amber-950"
      >
        <p id={`${id}-test`} className="flex items-center gap-2 font-bold">
          <FlaskConical aria-hidden className="size-5 shrink-0" />
          Test payment
        </p>
        <p className="mt-1 text-sm">
          No real money moves. Card{' '}
          <span className="tabular whitespace-nowrap font-semibold">4242 4242 4242 4242</span>{' '}
          succeeds and{' '}
          <span className="tabular whitespace-nowrap font-semibold">4000 0000 0000 0002</span> is
          declined; use any future expiry date and any CVC.
        </p>
      </div>

      <div className="flex flex-col gap-5 px-4 pb-8 pt-5">
        <header>
          <p className="text-sm font-medium text-muted">Sandbox checkout · {checkout.billName}</p>
          <h1 className="break-words text-2xl font-bold tracking-tight">
            Pay {checkout.recipientName}
          </h1>
        </header>

        <section aria-labelledby={`${id}-order`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-order`} className="sr-only">
            What you are paying for
          </h2>
          <AmountList>
            {checkout.people.map((p, i) => (
              <Fragment key={i}>
                <AmountLine
                  className={i > 0 ? 'border-t border-line pt-2' : ''}
                  label={`${p.participantName}'s share`}
                  amount={money(p.amount)}
                  muted={false}
                />
                <AmountLine label="Processing fee" amount={money(p.fee)} />
              </Fragment>
            ))}
            <AmountLine label="Total" amount={total} strong />
          </AmountList>
        </section>

        {closed ? (
          <section
            role="alert"
            className="rounded-3xl border border-amber-200 bg-white p-5 text-center"
          >
            <CircleAlert aria-hidden className="mx-auto size-10 text-amber-700" />
            <h2 className="mt-2 text-xl font-bold">This checkout is closed</h2>
            <p className="mt-1 text-muted">{closed}</p>
            <a
              href={checkout.cancelUrl}
              className="mt-5 inline-flex min-h-11 w-full items-center justify-center rounded-2xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              Go back
            </a>
          </section>
        ) : state.status === 'success' ? (
          <section
            role="status"
            className="rounded-3xl border border-brand-200 bg-white p-6 text-center"
          >
            <CircleCheckBig aria-hidden className="mx-auto size-12 text-brand-700" />
            <h2 className="mt-3 text-2xl font-bold">Payment successful</h2>
            <p className="mt-1 text-muted">
              {alreadyPaid ? 'This checkout is already paid.' : `You paid ${total}.`} Taking you to
              your receipt…
            </p>
            <div className="mt-4 flex justify-center">
              <Spinner size="medium" label="Opening your receipt" />
            </div>
          </section>
        ) : state.status === 'error' ? (
          <section
            role="alert"
            className="rounded-3xl border border-red-200 bg-white p-6 text-center"
          >
            <CircleAlert aria-hidden className="mx-auto size-12 text-danger" />
            <h2 className="mt-3 text-xl font-bold">{PAYMENT_ERROR_PANEL_TITLE}</h2>
            <p className="mt-1 text-muted">{state.message}</p>
            <Button
              ref={tryAgain}
              size="lg"
              block
              className="mt-6"
              onClick={() => setState({ status: 'ready' })}
            >
              Try Again
            </Button>
          </section>
        ) : null}
        {!closed && (
          // Kept mounted behind the error and success panels, so Try Again keeps what was typed.
          <section
            hidden={state.status === 'error' || state.status === 'success'}
            className="rounded-3xl bg-white p-4 shadow-sm"
          >
            <CardForm
              payLabel={`Pay ${total}`}
              processing={state.status === 'processing'}
              serverProblems={serverProblems}
              onPay={(card) => void submit(card)}
            />
          </section>
        )}

        {!closed && state.status !== 'success' && (
          <a
            href={checkout.cancelUrl}
            className="inline-flex min-h-11 items-center justify-center rounded-2xl px-4 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Cancel
          </a>
        )}
      </div>
    </main>
  );
}
