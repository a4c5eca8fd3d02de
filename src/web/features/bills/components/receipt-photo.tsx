import { ImageOff } from 'lucide-react';
import { useId, useState } from 'react';

import { receiptImageUrl } from '../../../entities/bill/api/receipt-image';

export { receiptImageUrl };

/**
 * A saved bill's receipt photo (DECISIONS.md Receipt photos): shown to its owner on the bill, with a
 * link to see it full size. Loaded only when scrolled near, since it sits below the amounts.
 */
export function ReceiptPhoto({ receiptId, billName }: { receiptId: string; billName: string }) {
  const id = useId();
  const [failed, setFailed] = useState(false);
  const url = receiptImageUrl(receiptId);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-semibold">
        Receipt photo
      </h2>
      {failed ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted" role="status">
          <ImageOff aria-hidden className="size-4" />
          The receipt photo could not be loaded.
        </p>
      ) : (
        <>
          <img
            src={url}
            alt={`The receipt of ${billName}`}
            loading="lazy"
            decoding="async"
            onError={() => setFailed(true)}
            className="mt-3 max-h-96 w-full rounded-xl border border-line bg-surface object-contain"
            data-testid="receipt-photo"
          />
          <a
            href={url}
            target="_blank"
            rel="noopener"
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Open the photo full size
          </a>
        </>
      )}
    </section>
  );
}
