import { ArrowLeft } from 'lucide-react';

/** The round back arrow at the top left of a screen; its label says where it goes. */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="-ml-2 grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white"
    >
      <ArrowLeft aria-hidden className="size-6" />
    </button>
  );
}
