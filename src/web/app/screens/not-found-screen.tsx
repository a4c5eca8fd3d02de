import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';

// DECISIONS.md "The 404 page": words for the user, and a way back home.
export function NotFoundScreen() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md items-center px-4">
      <div className="w-full rounded-3xl border border-line bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <CircleAlert aria-hidden className="size-8 text-muted" />
          <h1 className="text-2xl font-bold">Page not found</h1>
        </div>
        <p className="mt-4 text-muted">
          This page doesn&apos;t exist. It may have moved, or the link may be wrong.
        </p>
        <Link
          href="/"
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-xl bg-brand-700 px-5 font-semibold text-white"
        >
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
