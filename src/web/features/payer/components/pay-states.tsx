import { CircleAlert, CircleCheckBig, Clock, Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import { PAYMENT_NOT_AVAILABLE_TITLE } from '../model/checkout-failure';
import { PAYMENT_ERROR_TITLE } from '../model/load-errors';
import { PayFrame } from './pay-frame';

const tones = {
  error: { icon: CircleAlert, className: 'text-danger', border: 'border-red-200' },
  warning: { icon: Ban, className: 'text-amber-700', border: 'border-amber-200' },
  expired: { icon: Clock, className: 'text-gray-600', border: 'border-line' },
  success: { icon: CircleCheckBig, className: 'text-brand-700', border: 'border-brand-200' },
};

/** A whole-screen outcome: an icon, a heading, what happened and what to do next. */
export function StatusPanel({
  tone,
  title,
  message,
  children,
  actions,
  alert = false,
}: {
  tone: keyof typeof tones;
  title: string;
  message: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  alert?: boolean;
}) {
  const { icon: Icon, className, border } = tones[tone];
  return (
    <section
      role={alert ? 'alert' : undefined}
      className={`mt-4 flex flex-col items-center rounded-3xl border bg-white px-6 py-10 text-center shadow-sm ${border}`}
    >
      <Icon aria-hidden className={`size-12 ${className}`} />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted">{message}</p>
      {children}
      <div className="mt-8 flex w-full flex-col gap-2 print:hidden">{actions}</div>
    </section>
  );
}

/** A link styled as the primary button: going home is navigation, not an action. */
export function HomeLink({ children = 'Return to Home' }: { children?: ReactNode }) {
  return (
    <Link
      href="/"
      className="inline-flex min-h-13 w-full items-center justify-center rounded-2xl bg-brand-700 px-6 text-lg font-semibold text-white hover:bg-brand-800"
    >
      {children}
    </Link>
  );
}

/** Spec §2 / §8: a link that could not be loaded. */
export function PaymentErrorState({ message }: { message: string }) {
  return (
    <PayFrame>
      <StatusPanel
        tone="error"
        alert
        title={PAYMENT_ERROR_TITLE}
        message={message}
        actions={<HomeLink />}
      />
    </PayFrame>
  );
}

/** Spec §2: the person who sent the link cannot take card payments (or the provider failed). */
export function PaymentNotAvailableState({
  message,
  testMode,
}: {
  message: string;
  testMode?: boolean;
}) {
  return (
    <PayFrame testMode={testMode}>
      <StatusPanel
        tone="warning"
        alert
        title={PAYMENT_NOT_AVAILABLE_TITLE}
        message={message}
        actions={<HomeLink />}
      />
    </PayFrame>
  );
}

/** Spec §2: an expired link offers only Return Home. */
export function ExpiredState({
  recipientName,
  testMode,
}: {
  recipientName: string;
  testMode?: boolean;
}) {
  return (
    <PayFrame testMode={testMode}>
      <StatusPanel
        tone="expired"
        title="This payment link has expired"
        message={`Payment links expire after 7 days. Ask ${recipientName || 'the person who sent it'} for a new one.`}
        actions={<HomeLink>Return Home</HomeLink>}
      />
    </PayFrame>
  );
}

/** While a payer screen loads: the frame, and a spinner where the content will be. */
export function PayLoading({ label = 'Loading payment details' }: { label?: string }) {
  return (
    <PayFrame>
      <div className="grid min-h-[60dvh] place-items-center">
        <div className="flex flex-col items-center gap-3 text-muted">
          <Spinner size="large" label={label} />
          <p aria-hidden>{label}…</p>
        </div>
      </div>
    </PayFrame>
  );
}
