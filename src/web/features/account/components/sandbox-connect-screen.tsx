import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, FlaskConical, Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import {
  bankAccountSchema,
  sandboxConnectBodySchema,
  type BankAccount,
} from '../../../../contracts/payments';
import { maskedLast4 } from '../../../../domain/bank-details';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { apiRequest } from '../../../lib/api';
import { reportError } from '../../../components/ui/report-error';
import { payoutKeys } from '../../../entities/payout-account/api/payout-account';

type Field = 'accountHolderName' | 'sortCode' | 'accountNumber';
type Errors = Partial<Record<Field, string>>;

/** Only an address on this site may be gone back to (the server checked it too). */
export function sameSiteUrl(value: string | null, fallback: string, origin: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The bank details' problems, field by field, by the same schema the server uses. */
export function bankDetailErrors(values: Record<Field, string>): Errors {
  const parsed = sandboxConnectBodySchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/**
 * /sandbox/connect: the sandbox provider's stand-in for Stripe's onboarding (DECISIONS.md Payments).
 * It takes a UK sort code and account number, checked at the field by the server's own schema,
 * then shows the bank and the account's last four digits and goes back where onboarding began.
 * Cancel leaves the flow as Stripe's does: back to the return URL, where the app reads the
 * account's state (still incomplete) rather than to the refresh URL, which is for expired links.
 * It says plainly that it is a test: no bank is contacted and no money moves.
 */
export function SandboxConnectScreen() {
  const params = new URLSearchParams(useSearch());
  const origin = window.location.origin;
  const returnTo = sameSiteUrl(params.get('return'), '/settings?setup=complete', origin);
  const queryClient = useQueryClient();

  const [values, setValues] = useState<Record<Field, string>>({
    accountHolderName: '',
    sortCode: '',
    accountNumber: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [connected, setConnected] = useState<BankAccount | null>(null);

  const errors = bankDetailErrors(values);
  const shown = (f: Field) => (submitted || touched[f] ? errors[f] : undefined);
  const field = (f: Field) => ({
    value: values[f],
    error: shown(f),
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [f]: e.target.value }),
    onBlur: () => setTouched({ ...touched, [f]: true }),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      const account = bankAccountSchema.parse(
        await apiRequest('POST', '/api/sandbox/connect', values),
      );
      await queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      setConnected(account);
    } catch (err) {
      reportError(err, 'Setup Failed', 'Failed to set up payment account.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 pb-8 pt-6">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong>Test mode.</strong> This stands in for the payment provider&apos;s bank
          connection: no bank is contacted and no real money will move.
        </p>
      </div>

      {connected ? (
        <section aria-labelledby="connected-title" className="mt-8 flex flex-1 flex-col">
          <span className="grid size-16 place-items-center rounded-2xl bg-brand-100 text-brand-800">
            <BadgeCheck aria-hidden className="size-8" />
          </span>
          <h1 id="connected-title" className="mt-6 text-3xl font-bold tracking-tight">
            Bank account connected
          </h1>
          <div className="mt-6 rounded-3xl border border-line bg-white p-5 shadow-sm">
            <p className="text-lg font-semibold">{connected.bankName}</p>
            {connected.bankAccountLast4 && (
              <p className="tabular mt-1 text-muted">
                <span className="sr-only">Account ending </span>
                {maskedLast4(connected.bankAccountLast4)}
              </p>
            )}
            <p className="mt-2 font-medium text-brand-800">Ready to Receive Payments</p>
          </div>
          <div className="mt-auto pt-8">
            <Button size="lg" block onClick={() => window.location.assign(returnTo)}>
              Continue
            </Button>
          </div>
        </section>
      ) : (
        <form onSubmit={submit} noValidate className="mt-8 flex flex-1 flex-col">
          <span className="grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
            <Landmark aria-hidden className="size-8" />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight">Connect your bank</h1>
          <p className="mt-2 text-lg text-muted">
            Friends&apos; card payments are paid out to this UK account.
          </p>
          <div className="mt-6 space-y-4">
            <TextField
              label="Name on the account"
              autoComplete="name"
              {...field('accountHolderName')}
            />
            <TextField
              label="Sort code"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12-34-56"
              maxLength={8}
              {...field('sortCode')}
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12345678"
              maxLength={10}
              {...field('accountNumber')}
            />
          </div>
          <div className="mt-auto space-y-3 pt-8">
            <Button type="submit" size="lg" block disabled={saving} aria-busy={saving}>
              {saving ? 'Connecting...' : 'Connect bank account'}
            </Button>
            <Button
              size="lg"
              block
              variant="ghost"
              onClick={() => window.location.assign(returnTo)}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}
