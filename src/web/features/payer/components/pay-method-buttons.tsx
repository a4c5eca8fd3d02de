import { CreditCard, Landmark } from 'lucide-react';
import type { PayMethod } from '../../../../contracts/payments';
import { formatPence, type Pence } from '../../../../domain/money';
import { BANK_MINIMUM_PENCE, bankOffered } from '../../../../domain/shares';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** The bank button's words: what it pays, and from where. */
export const payFromBankLabel = (totalPence: Pence) =>
  `Pay ${formatPence(totalPence)} from your bank app`;
export const PAY_BY_CARD = 'Pay by card';
const METHOD_BUTTON = 'px-4! text-base!';

/**
 * How the payer pays (DECISIONS.md Paying by bank): from their bank app first, by card second, at
 * the same price. Below BANK_MINIMUM_PENCE the card alone, with the total on its button.
 */
export function PayMethodButtons({
  totalPence,
  busy,
  busyMethod,
  disabled,
  disabledLabel,
  onPay,
}: {
  totalPence: Pence;
  busy: boolean;
  /** The method whose checkout is opening. */
  busyMethod: PayMethod | null;
  disabled?: boolean;
  /** Said on the one button while nothing can be paid (e.g. 'Select who to pay for'). */
  disabledLabel?: string;
  onPay: (method: PayMethod) => void;
}) {
  const opening = (
    <>
      <Spinner size="small" label="Opening secure checkout" />
      Opening checkout…
    </>
  );
  if (disabled && disabledLabel)
    return (
      <Button size="lg" block disabled>
        {disabledLabel}
      </Button>
    );
  if (!bankOffered(totalPence))
    return (
      <>
        <Button
          size="lg"
          block
          onClick={() => onPay('card')}
          disabled={disabled || busy}
          aria-busy={busy}
        >
          {busy ? opening : <>Pay {formatPence(totalPence)} by card</>}
        </Button>
        <p className="text-center text-sm text-muted">
          Paying from a bank app starts at {formatPence(BANK_MINIMUM_PENCE)}.
        </p>
      </>
    );
  return (
    <>
      <Button
        size="lg"
        block
        // A large button's height with body-size words and less side padding: the bank's words
        // and the amount fit one line at 390 px (at 18 px they wrapped), the card's match them.
        className={METHOD_BUTTON}
        onClick={() => onPay('bank')}
        disabled={disabled || busy}
        aria-busy={busyMethod === 'bank'}
      >
        {busyMethod === 'bank' ? (
          opening
        ) : (
          <>
            <Landmark aria-hidden className="size-5 shrink-0" />
            {/* A very large amount or text size wraps: evenly, never one word alone. */}
            <span className="text-balance">{payFromBankLabel(totalPence)}</span>
          </>
        )}
      </Button>
      <Button
        size="lg"
        variant="secondary"
        block
        className={METHOD_BUTTON}
        onClick={() => onPay('card')}
        disabled={disabled || busy}
        aria-busy={busyMethod === 'card'}
      >
        {busyMethod === 'card' ? (
          opening
        ) : (
          <>
            <CreditCard aria-hidden className="size-5" />
            {PAY_BY_CARD}
          </>
        )}
      </Button>
    </>
  );
}
