import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PayFrame } from './pay-frame';
import { StatusPanel } from './pay-states';

// The success page's other outcomes: still confirming, confirmed without details, not completed.

export const CONFIRMING = 'Confirming your payment…';

export function ConfirmingState({ testMode }: { testMode?: boolean }) {
  return (
    <PayFrame testMode={testMode} label="Payment receipt">
      <div className="grid min-h-[60dvh] place-items-center">
        <div className="flex flex-col items-center gap-3 text-center">
          <Spinner size="large" label={CONFIRMING} />
          <h1 className="text-lg font-semibold">{CONFIRMING}</h1>
          <p className="text-muted">
            This usually takes a few seconds. Please keep this page open.
          </p>
        </div>
      </div>
    </PayFrame>
  );
}

export const WAITING_FOR_BANK = 'Waiting for your bank';

/**
 * A bank payment approved in the payer's bank app, whose result the bank has not sent yet
 * (DECISIONS.md Paying by bank): the share stays held meanwhile. After 5 minutes of asking, the
 * payer can look again or leave; the answer still comes to the person they paid.
 */
export function WaitingForBankState({
  amount,
  bankName,
  recipientName,
  gaveUp,
  checking,
  onCheckAgain,
  onDone,
  testMode,
}: {
  amount: string;
  bankName: string | null;
  recipientName: string;
  gaveUp: boolean;
  checking: boolean;
  onCheckAgain: () => void;
  onDone: () => void;
  testMode?: boolean;
}) {
  return (
    <PayFrame testMode={testMode} label="Payment receipt">
      <div className="grid min-h-[60dvh] place-items-center" role="status">
        <div className="flex flex-col items-center gap-3 text-center">
          {!gaveUp && <Spinner size="large" label={WAITING_FOR_BANK} />}
          <h1 className="text-2xl font-bold">{WAITING_FOR_BANK}</h1>
          <p className="text-muted">
            You approved {amount} to {recipientName}
            {bankName ? ` in ${bankName}` : ''}. Banks usually answer within seconds, sometimes a
            few minutes.
          </p>
          <p className="text-muted">
            Your share is held for you until then. Nothing more is taken if you leave this page.
          </p>
          {gaveUp && (
            <div className="mt-3 flex w-full flex-col gap-2">
              <Button
                size="lg"
                block
                onClick={onCheckAgain}
                disabled={checking}
                aria-busy={checking}
              >
                {checking && <Spinner size="small" label="Checking" />}
                Check again
              </Button>
              <Button variant="ghost" block onClick={onDone}>
                Done
              </Button>
            </div>
          )}
        </div>
      </div>
    </PayFrame>
  );
}

/** The provider has not said yet, after ~15 s: the payer can look again or leave. */
export function StillConfirmingState({
  onCheckAgain,
  checking,
  onDone,
  testMode,
}: {
  onCheckAgain: () => void;
  checking: boolean;
  onDone: () => void;
  testMode?: boolean;
}) {
  return (
    <PayFrame testMode={testMode} label="Payment receipt">
      <StatusPanel
        tone="expired"
        title="Still confirming your payment"
        message="Your card provider has not confirmed the payment yet. Check again in a moment; you will not be charged twice."
        actions={
          <>
            <Button size="lg" block onClick={onCheckAgain} disabled={checking} aria-busy={checking}>
              {checking && <Spinner size="small" label="Checking" />}
              Check again
            </Button>
            <Button variant="ghost" block onClick={onDone}>
              Done
            </Button>
          </>
        }
      />
    </PayFrame>
  );
}

/** Spec §2: without stored payment data, a generic success message and Done. */
export function GenericSuccessState({ onDone }: { onDone: () => void }) {
  return (
    <PayFrame label="Payment complete">
      <StatusPanel
        tone="success"
        title="Payment successful"
        message="Thank you! Your payment has been completed."
        actions={
          <Button size="lg" block onClick={onDone}>
            Done
          </Button>
        }
      />
    </PayFrame>
  );
}

/** A payment that did not go through, or could not be confirmed: what happened, and a way on. */
export function PaymentProblemState({
  title,
  message,
  token,
  onDone,
  testMode,
}: {
  title: string;
  message: string;
  token: string | null;
  onDone: () => void;
  testMode?: boolean;
}) {
  return (
    <PayFrame testMode={testMode}>
      <StatusPanel
        tone="error"
        alert
        title={title}
        message={message}
        actions={
          <>
            {token && (
              <Link
                href={`/pay/${encodeURIComponent(token)}`}
                className="inline-flex min-h-13 w-full items-center justify-center rounded-2xl bg-brand-700 px-6 text-lg font-semibold text-white hover:bg-brand-800"
              >
                Try Payment Again
              </Link>
            )}
            <Button
              variant={token ? 'ghost' : 'primary'}
              size={token ? 'md' : 'lg'}
              block
              onClick={onDone}
            >
              Go Home
            </Button>
          </>
        }
      />
    </PayFrame>
  );
}
