import { CircleCheck, CreditCard, QrCode, ReceiptText } from 'lucide-react';

const STEPS = [
  {
    icon: ReceiptText,
    title: 'Split the bill',
    text: 'Scan the receipt and share out who had what.',
  },
  {
    icon: QrCode,
    title: 'Send each friend a link or QR code',
    text: "Tap 'Covered the bill? Get paid back': each friend gets their own link.",
  },
  {
    icon: CreditCard,
    title: 'They pay by card',
    text: 'No registration required for payments: no app, no account.',
  },
  {
    icon: CircleCheck,
    title: 'See who has paid',
    text: 'Each link shows Paid or Pending here as the money comes in.',
  },
];

/** The four-step explainer of the Payments tab (payments-accounts.md §2). */
export function HowPaymentLinksWork() {
  return (
    <section aria-labelledby="how-links-work" className="rounded-3xl bg-white p-5 shadow-sm">
      <h2 id="how-links-work" className="text-lg font-bold">
        How Payment Links Work
      </h2>
      <ol className="mt-4 flex flex-col gap-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex gap-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800">
              <span className="sr-only">Step {i + 1}: </span>
              <Icon aria-hidden className="size-5" />
            </span>
            <div>
              <p className="font-semibold">
                {i + 1}. {title}
              </p>
              <p className="text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
