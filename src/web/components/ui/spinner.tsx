const sizes = {
  small: 'size-4 border-2',
  medium: 'size-8 border-[3px]',
  large: 'size-12 border-4',
};

export type SpinnerSize = keyof typeof sizes;

export function Spinner({
  size = 'medium',
  label = 'Loading',
}: {
  size?: SpinnerSize;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden
        className={`${sizes[size]} animate-spin rounded-full border-brand-200 border-t-brand-700`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Shown while the user state loads. */
export function FullScreenSpinner({ size = 'large' }: { size?: SpinnerSize }) {
  // A screen of its own while the next one loads: its landmark and heading say where one is.
  return (
    <main className="grid min-h-dvh place-items-center bg-surface">
      <h1 className="sr-only">Fairshare</h1>
      <Spinner size={size} />
    </main>
  );
}
