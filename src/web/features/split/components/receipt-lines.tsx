import { ImageOff } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import type { ReceiptBox, UnsureReason } from '../../../../contracts/receipts';
import { formatPence } from '../../../../domain/money';
import type { ReceiptLineOffer } from '../../../entities/bill/draft/schema';
import { Dialog } from '../../../components/ui/dialog';
import { receiptImageUrl } from '../../../entities/bill/api/receipt-image';
import { turnedLine, type TurnedLine } from '../model/receipt-geometry';

// The receipt photo beside the items: an item's line cropped from it, and the photo with the
// priced lines no item used marked, to add one as an item. The photo is the stored scan's
// (GET /api/receipts/:id/image); boxes are fractions of it (contracts/receipts.ts ReceiptBox).

/** What the reading could not be sure of, as the editor says it. */
export const UNSURE_WORDS: Record<UnsureReason, string> = {
  'between rows': 'it sat between two rows of the receipt',
  'read two ways': 'its figures could be read two ways',
};

/** 'Check this price against the receipt', and why when the reading said. */
export function checkPriceText(why: readonly UnsureReason[] | undefined): string {
  const reasons = (why ?? []).map((r) => UNSURE_WORDS[r]);
  return reasons.length === 0
    ? 'Check this price against the receipt'
    : `Check this price against the receipt: ${reasons.join(', and ')}`;
}

/** Room around a line in its crop: of the photo's width either side, of the line's height above and below. */
const MARGIN = { x: 0.02, y: 0.35 };

/**
 * An item's line cut from the receipt photo, full width, turned level when the photo was tilted
 * (receipt-geometry.ts): the photo is scaled so the line fills the frame's width, its centre at the
 * frame's centre, and turned back about it.
 */
export function ReceiptCrop({
  receiptId,
  box,
  label,
}: {
  receiptId: string;
  box: ReceiptBox;
  label: string;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  if (failed) return <PhotoMissing />;
  const line = size && turnedLine(box, size);
  const crop = line && {
    width: line.width + 2 * MARGIN.x * size.width,
    height: line.height * (1 + 2 * MARGIN.y),
  };
  const frame: CSSProperties = { aspectRatio: crop ? `${crop.width} / ${crop.height}` : '6 / 1' };
  const photo: CSSProperties = line
    ? {
        position: 'absolute',
        maxWidth: 'none',
        left: '50%',
        top: '50%',
        width: `${(size.width / crop!.width) * 100}%`,
        transformOrigin: '0 0',
        transform: `rotate(${-line.angle}deg) translate(${(-line.cx / size.width) * 100}%, ${(-line.cy / size.height) * 100}%)`,
      }
    : { position: 'absolute', opacity: 0 };
  return (
    <div
      className="relative w-full overflow-hidden rounded-xl border border-line bg-surface"
      style={frame}
    >
      <img
        src={receiptImageUrl(receiptId)}
        alt={label}
        decoding="async"
        onLoad={(event) =>
          setSize({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
        onError={() => setFailed(true)}
        style={photo}
        data-testid="receipt-crop"
      />
    </div>
  );
}

function PhotoMissing() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted" role="status">
      <ImageOff aria-hidden className="size-4" />
      The receipt photo could not be loaded.
    </p>
  );
}

/** A line's name as offered: its words, or its text when it has none. */
export const offerName = (line: ReceiptLineOffer) => line.name.trim() || line.text.trim();

/**
 * 'Add from receipt': the photo with the lines no item used marked and numbered, and the same lines
 * listed under it as buttons (the marks are for the eye and the finger; the list for everyone,
 * keyboard and screen reader included). Choosing one adds it as an item and closes the sheet.
 */
export function AddFromReceiptDialog({
  open,
  onOpenChange,
  receiptId,
  lines,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  receiptId: string;
  lines: readonly ReceiptLineOffer[];
  onAdd: (index: number) => void;
}) {
  const [failed, setFailed] = useState(false);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const add = (index: number) => {
    onAdd(index);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add from receipt"
      description="Lines with a price that are not on the bill yet. Tap one to add it."
      tall
    >
      {failed ? (
        <PhotoMissing />
      ) : (
        <div className="relative w-full">
          <img
            src={receiptImageUrl(receiptId)}
            alt="The receipt, its lines not on the bill marked and numbered"
            decoding="async"
            onLoad={(event) =>
              setSize({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            onError={() => setFailed(true)}
            className="block w-full rounded-xl border border-line"
            data-testid="receipt-lines-photo"
          />
          {lines.map((line, index) =>
            line.box && size ? (
              // For the pointer: the list below is the same choice for keyboard and screen reader.
              <div
                key={index}
                aria-hidden
                onClick={() => add(index)}
                data-testid="receipt-line-mark"
                className="absolute cursor-pointer rounded-sm border-2 border-amber-500 bg-amber-300/30 hover:bg-amber-300/50"
                style={markStyle(turnedLine(line.box, size), size)}
              >
                <span className="absolute -left-1 top-1/2 grid size-5 -translate-x-full -translate-y-1/2 place-items-center rounded-full bg-amber-500 text-xs font-bold text-ink">
                  {index + 1}
                </span>
              </div>
            ) : null,
          )}
        </div>
      )}
      <ol className="mt-4 flex flex-col gap-2" aria-label="Lines not on the bill">
        {lines.map((line, index) => (
          <li key={index}>
            <button
              type="button"
              onClick={() => add(index)}
              className="flex min-h-11 w-full items-center gap-3 rounded-2xl border border-line bg-white px-3 py-2 text-left hover:bg-surface"
            >
              <span
                aria-hidden
                className="grid size-6 shrink-0 place-items-center rounded-full bg-amber-500 text-xs font-bold text-ink"
              >
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 break-words font-semibold">
                <span className="sr-only">Add </span>
                {offerName(line)}
              </span>
              <span className="tabular font-semibold">{formatPence(line.amountPence)}</span>
            </button>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** A mark over a line of the photo, turned as the line is (fractions of the photo as shown). */
function markStyle(line: TurnedLine, photo: { width: number; height: number }): CSSProperties {
  return {
    left: `${(line.cx / photo.width) * 100}%`,
    top: `${(line.cy / photo.height) * 100}%`,
    width: `${(line.width / photo.width) * 100}%`,
    height: `${(line.height / photo.height) * 100}%`,
    transform: `translate(-50%, -50%) rotate(${line.angle}deg)`,
  };
}
