import { Copy, Send } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';

/** The join link's QR code: large, to be scanned across a table (black on white, margin 2). */
export const JOIN_QR_SIZE = 280;

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ variant: 'success', title: 'Link copied', description: 'Send it to your friends.' });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Could not copy the link',
      description: 'Show the QR code instead, or try again.',
    });
  }
}

async function share(url: string, billName: string) {
  const data = {
    title: billName,
    text: `Pick what you had at ${billName} and pay your share:`,
    url,
  };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
  }
  await copy(url);
}

/**
 * The bill's one join link: a QR code friends scan at the table, and the link to send to those who
 * are not there. Anyone with it picks their own items; nobody needs an account.
 */
export function JoinQrCard({
  url,
  billName,
  compact = false,
}: {
  url: string;
  billName: string;
  /** A smaller code, once friends have joined and the list matters more. */
  compact?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col items-center rounded-3xl bg-white px-5 pb-5 pt-5 text-center shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Scan to pick what you had
      </h2>
      <p className="mt-1 text-sm text-muted">
        Friends scan this with their phone camera, tick their items and pay. No account needed.
      </p>
      <div className="mt-4 rounded-2xl bg-white p-2 ring-1 ring-line">
        <QRCodeSVG
          value={url}
          size={compact ? 200 : JOIN_QR_SIZE}
          marginSize={2}
          level="M"
          bgColor="#ffffff"
          fgColor="#000000"
          role="img"
          aria-label={`QR code of the join link for ${billName}`}
          data-testid="join-qr"
          data-url={url}
        />
      </div>
      <p className="mt-3 w-full break-all text-sm text-muted" data-testid="join-url">
        {url}
      </p>
      <div className="mt-3 grid w-full grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void copy(url)}>
          <Copy aria-hidden className="size-5" />
          Copy link
        </Button>
        <Button variant="secondary" onClick={() => void share(url, billName)}>
          <Send aria-hidden className="size-5" />
          Send link
        </Button>
      </div>
    </section>
  );
}
