import { CloudOff, RefreshCw, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import type { WaitingReceipt } from '../model/waiting-receipt';
import { tryWaitingReceiptsNow, useWaitingReceipts, waitingReceipts } from './waiting-receipts';

const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * Home: receipt photos taken offline, shown as waiting until the connection returns (then they
 * are read one by one and open in the editor). Nothing when there are none.
 */
export function WaitingReceiptsCard({ userId }: { userId: string }) {
  const receipts = useWaitingReceipts(userId);
  if (receipts.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-receipts-title"
      className="rounded-3xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="waiting-receipts-title" className="flex items-center gap-2 font-semibold">
        <CloudOff aria-hidden className="size-5" />
        {receipts.length === 1
          ? 'A receipt is waiting to be read'
          : `${receipts.length} receipts are waiting to be read`}
      </h2>
      <p className="mt-1 text-sm">
        Kept on this phone. We&apos;ll read it as soon as you&apos;re back online and open it for
        splitting.
      </p>
      <ul className="mt-3 space-y-2">
        {receipts.map((receipt) => (
          <WaitingReceiptRow key={receipt.id} receipt={receipt} />
        ))}
      </ul>
      <Button variant="secondary" block className="mt-3" onClick={tryWaitingReceiptsNow}>
        <RefreshCw aria-hidden className="size-5" />
        Try now
      </Button>
    </section>
  );
}

/** The photo as a thumbnail: an object URL made when the image is attached, revoked when it goes. */
function showPhoto(image: Blob) {
  return (img: HTMLImageElement | null) => {
    if (!img) return;
    const url = URL.createObjectURL(image);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  };
}

function WaitingReceiptRow({ receipt }: { receipt: WaitingReceipt }) {
  const photo = useMemo(() => showPhoto(receipt.image), [receipt.image]);
  const label = `Photo taken at ${timeOf(receipt.createdAt)}`;
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-white p-2 pr-1">
      <img ref={photo} alt="" className="size-12 shrink-0 rounded-xl bg-amber-100 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{label}</p>
        <p className="truncate text-sm text-amber-900">
          {receipt.names && receipt.names.length > 1
            ? `With ${receipt.names.slice(1).join(', ')}`
            : 'Waiting for a connection'}
        </p>
      </div>
      <Button
        variant="ghost"
        aria-label={`Delete the receipt photo taken at ${timeOf(receipt.createdAt)}`}
        className="size-11 shrink-0 !px-0 text-amber-950"
        onClick={() => void waitingReceipts.remove(receipt.id)}
      >
        <Trash2 aria-hidden className="size-5" />
      </Button>
    </li>
  );
}
