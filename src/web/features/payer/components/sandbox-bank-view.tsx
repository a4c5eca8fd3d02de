import { CircleAlert, FlaskConical, Landmark } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { SANDBOX_BANKS, type SandboxCheckout } from '../../../../contracts/payments';
import { formatPence, toPence } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useSandboxBank } from '../api/sandbox-bank';
import { cardPayFailure } from '../model/checkout-failure';
import { PAYMENT_ERROR_TITLE } from '../model/load-errors';
import { AmountLine, AmountList } from './amount-lines';
import { successTarget } from './sandbox-checkout-view';

type Bank = (typeof SANDBOX_BANKS)[number];
export const TEST_BANK_TITLE = 'Test bank app';

/**
 * The sandbox's bank app (DECISIONS.md Paying by bank), standing in for the payer's own bank app
 * that Stripe's Pay by Bank opens: marked as a test, the payer chooses one of a few UK banks and
 * approves or declines the payment. The bank answers after a short wait, on the success page
 * ("Waiting for your bank"), as a real bank's answer comes.
 */
export function SandboxBankView({
  sessionId,
  checkout,
}: {
  sessionId: string;
  checkout: SandboxCheckout;
}) {
  const id = useId();
  const answer = useSandboxBank(sessionId);
  const [bank, setBank] = useState<Bank | null>(null);
  const [closed, setClosed] = useState<string | null>(
    checkout.status === 'open' ||
      checkout.status === 'processing' ||
      checkout.status === 'succeeded'
      ? null
      : 'This checkout is no longer open. Go back and start again.',
  );
  const [leaving, setLeaving] = useState(false);
  const total = formatPence(toPence(checkout.amount));

  // Answered already (Back from the success page): that page says how it went.
  useEffect(() => {
    if (checkout.status === 'processing' || checkout.status === 'succeeded')
      window.location.replace(`/payment-success?session_id=${encodeURIComponent(sessionId)}`);
  }, [checkout.status, sessionId]);

  async function send(choice: 'approve' | 'decline') {
    if (!bank || answer.isPending || leaving) return;
    try {
      const sent = await answer.mutateAsync({ bank, answer: choice });
      setLeaving(true);
      window.location.assign(successTarget(sent.redirectUrl, sessionId));
    } catch (err) {
      const failure = cardPayFailure(err);
      if (failure.kind === 'closed') setClosed(failure.message);
      else
        toast({ variant: 'destructive', title: PAYMENT_ERROR_TITLE, description: failure.message });
    }
  }

  const busy = answer.isPending || leaving;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div
        role="note"
        aria-labelledby={`${id}-test`}
        className="border-b-2 border-amber-300 bg-amber-100 px-4 py-3 text-amber-950"
      >
        <p id={`${id}-test`} className="flex items-center gap-2 font-bold">
          <FlaskConical aria-hidden className="size-5 shrink-0" />
          Test bank payment
        </p>
        <p className="mt-1 text-sm">
          No real money moves and no real bank is asked. Choose any bank, then Approve to pay or
          Decline to see a refusal; the bank answers a few seconds later.
        </p>
      </div>

      <div className="flex flex-col gap-5 px-4 pb-8 pt-5">
        <header>
          <p className="flex items-center gap-2 text-sm font-medium text-muted">
            <Landmark aria-hidden className="size-4" />
            {TEST_BANK_TITLE} · {checkout.billName}
          </p>
          <h1 className="break-words text-2xl font-bold tracking-tight">
            Approve {total} to {checkout.recipientName}
          </h1>
        </header>

        <section aria-labelledby={`${id}-order`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-order`} className="sr-only">
            What you are paying for
          </h2>
          <AmountList>
            {checkout.people.map((p, i) => (
              <AmountLine
                key={i}
                label={`${p.participantName}'s share, fee included`}
                amount={formatPence(toPence(p.amount) + toPence(p.fee))}
                muted={false}
              />
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
        ) : (
          <>
            <fieldset className="rounded-3xl bg-white p-4 shadow-sm" disabled={busy}>
              <legend className="float-left mb-3 text-lg font-bold">Choose your bank</legend>
              <div className="clear-both grid grid-cols-2 gap-2">
                {SANDBOX_BANKS.map((name) => (
                  <label
                    key={name}
                    className="flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl border border-line px-3 font-medium has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name={`${id}-bank`}
                      value={name}
                      checked={bank === name}
                      onChange={() => setBank(name)}
                      className="size-4 accent-brand-700"
                    />
                    {name}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="flex flex-col gap-3">
              <Button
                size="lg"
                block
                disabled={!bank || busy}
                aria-busy={busy}
                onClick={() => void send('approve')}
              >
                {busy ? <Spinner size="small" label="Sending to your bank" /> : null}
                {bank ? `Approve ${total}` : 'Choose your bank to approve'}
              </Button>
              <Button
                size="lg"
                variant="secondary"
                block
                disabled={!bank || busy}
                onClick={() => void send('decline')}
              >
                Decline
              </Button>
              <a
                href={checkout.cancelUrl}
                className="inline-flex min-h-11 items-center justify-center rounded-2xl px-4 font-semibold text-brand-800 hover:bg-brand-50"
              >
                Cancel
              </a>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
