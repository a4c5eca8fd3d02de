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
