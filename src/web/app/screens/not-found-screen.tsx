import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';

export function NotFoundScreen() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md items-center px-4">
      <div className="w-full rounded-3xl border border-line bg-white p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <CircleAlert aria-hidden className="size-8 text-danger" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-muted">Did you forget to add the page to the router?</p>
        <Link
          href="/"
          className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
