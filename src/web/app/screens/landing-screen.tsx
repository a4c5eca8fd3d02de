import { Landmark, ScanLine, Users } from 'lucide-react';
import { Link } from 'wouter';

const features = [
  {
    icon: ScanLine,
    title: 'Scan receipts with AI',
    text: 'Snap the bill and Fairshare reads every item for you.',
  },
  {
    icon: Users,
    title: 'Split with friends',
    text: 'Assign items, share dishes, add tip and service.',
  },
  {
    icon: Landmark,
    title: 'Pay with UK banking',
    text: 'Friends pay their share by card from a link. No sign-up.',
  },
];

export function LandingScreen() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-6 pb-8 pt-12">
      <header className="flex items-center gap-3">
        <img src="/icon.svg" alt="" className="size-11 rounded-xl" />
        <span className="text-2xl font-bold tracking-tight text-brand-800">Fairshare</span>
      </header>

      <section className="mt-10">
        <h1 className="text-4xl font-bold leading-tight tracking-tight">
          Split bills with friends effortlessly
        </h1>
        <p className="mt-3 text-lg text-muted">Free bill splitting for UK users</p>
      </section>

      <ul className="mt-10 space-y-4" aria-label="Features">
        {features.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm"
          >
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden className="size-6" />
            </span>
            <div>
              <h2 className="font-semibold">{title}</h2>
              <p className="text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-10">
        <Link
          href="/auth"
          className="flex min-h-13 w-full items-center justify-center rounded-2xl bg-brand-700 px-6 text-lg font-semibold text-white shadow-md hover:bg-brand-800"
        >
          Get Started
        </Link>
        <p className="mt-3 text-center text-sm text-muted">No registration required for payments</p>
      </div>
    </main>
  );
}
