import { CreditCard } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CARD_BRAND_NAMES,
  MISSING_CARD_MESSAGE,
  MISSING_CARD_TITLE,
  type CardField,
  type CardInput,
} from '../../../../domain/cards';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/use-toast';
import {
  brandName,
  checkOnSubmit,
  EMPTY_CARD,
  fieldProblem,
  formatCardField,
} from '../model/card-form';

type Problems = Partial<Record<CardField, string>>;

const FIELDS: CardField[] = ['number', 'expiry', 'cvc'];

/**
 * The card form (payments-accounts.md §2 Card form, §5): number, expiry and CVC, formatted as typed,
 * each checked when left and all checked on Pay, by the same rules the server applies. The page
 * owns the payment itself: `onPay` gets a card that passed, and `serverProblems` brings back the
 * server's own field checks.
 */
export function CardForm({
  payLabel,
  processing,
  serverProblems,
  onPay,
}: {
  payLabel: string;
  processing: boolean;
  serverProblems: Problems;
  onPay: (card: CardInput) => void;
}) {
  const id = useId();
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [problems, setProblems] = useState<Problems>({});
  const [shownServer, setShownServer] = useState<Problems>(serverProblems);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);

  // New field checks from the server replace the form's own, once each.
  if (serverProblems !== shownServer) {
    setShownServer(serverProblems);
    setProblems(serverProblems);
  }

  const brand = brandName(card.number);

  function change(field: CardField, raw: string) {
    setCard((c) => ({ ...c, [field]: formatCardField(field, raw) }));
    // A field being fixed stops showing its old problem; it is checked again when left.
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  }

  function blur(field: CardField) {
    setProblems((p) => ({ ...p, [field]: fieldProblem(field, card, new Date()) }));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (processing) return;
    const checked = checkOnSubmit(card, new Date());
    if (!checked.ok) {
      setProblems(checked.problems);
      if (checked.missing)
        toast({
          variant: 'destructive',
          title: MISSING_CARD_TITLE,
          description: MISSING_CARD_MESSAGE,
        });
      const first = FIELDS.find((f) => checked.problems[f]);
      const refs = { number: numberRef, expiry: expiryRef, cvc: cvcRef };
      if (first) refs[first].current?.focus();
      return;
    }
    setProblems({});
    onPay(card);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Card details
        </h2>
        <ul aria-label="Cards accepted" className="flex flex-wrap justify-end gap-1">
          {Object.values(CARD_BRAND_NAMES).map((name) => (
            <li
              key={name}
              className={`rounded-md border px-1.5 py-0.5 text-xs font-semibold ${
                brand === name
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-line bg-white text-muted'
              }`}
            >
              {name === 'American Express' ? 'Amex' : name}
              {name === 'American Express' && <span className="sr-only"> (American Express)</span>}
            </li>
          ))}
        </ul>
      </div>

      <div className="relative">
        <TextField
          ref={numberRef}
          label="Card number"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={card.number}
          onChange={(e) => change('number', e.target.value)}
          onBlur={() => blur('number')}
          error={problems.number}
          disabled={processing}
          className="[&_input]:pr-28"
        />
        {/* The brand where the card's logo would be; the icon until the digits tell it. */}
        <span
          aria-hidden
          className="pointer-events-none absolute right-4 top-10 flex h-5 items-center text-sm font-semibold text-brand-800"
        >
          {brand === 'American Express'
            ? 'Amex'
            : (brand ?? <CreditCard className="size-5 text-gray-500" />)}
        </span>
        <span aria-live="polite" className="sr-only">
          {brand ? `${brand} card` : ''}
        </span>
      </div>

      <div className="grid grid-cols-2 gap-3">
        <TextField
          ref={expiryRef}
          label="Expiry (MM/YY)"
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          value={card.expiry}
          onChange={(e) => change('expiry', e.target.value)}
          onBlur={() => blur('expiry')}
          error={problems.expiry}
          disabled={processing}
        />
        <TextField
          ref={cvcRef}
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'American Express' ? '4 digits' : '3 digits'}
          maxLength={4}
          value={card.cvc}
          onChange={(e) => change('cvc', e.target.value)}
          onBlur={() => blur('cvc')}
          error={problems.cvc}
          disabled={processing}
        />
      </div>

      <Button type="submit" size="lg" block disabled={processing} aria-busy={processing}>
        {processing ? (
          <>
            <Spinner size="small" label="Processing payment" />
            Processing…
          </>
        ) : (
          payLabel
        )}
      </Button>
    </form>
  );
}
