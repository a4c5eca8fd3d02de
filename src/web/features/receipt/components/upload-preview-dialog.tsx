import { ImageUp, RefreshCw, ScanLine } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { NO_IMAGE_SELECTED, receiptFileProblem } from '../model/scan-messages';
import { useChosenImage } from './use-chosen-image';

const UPLOAD_PREVIEW_TITLE = 'Upload Receipt';

interface UploadPreviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Process Receipt': the chosen image, checked; reading goes on in the background. */
  onProcess: (file: File) => void;
  /** 'Or Enter Items Manually Instead'. */
  onEnterManually: () => void;
}

/**
 * Receipt scan dialog, variant A (spec §2): upload an image, preview it, then 'Process Receipt' or
 * 'Try Another Image'; or enter the items by hand instead.
 */
export function UploadPreviewDialog({
  open,
  onOpenChange,
  onProcess,
  onEnterManually,
}: UploadPreviewDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={UPLOAD_PREVIEW_TITLE}
      description="Check the photo shows every line before we read it."
    >
      <UploadPreview onProcess={onProcess} onEnterManually={onEnterManually} />
    </Dialog>
  );
}

function UploadPreview({
  onProcess,
  onEnterManually,
}: Pick<UploadPreviewDialogProps, 'onProcess' | 'onEnterManually'>) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, choose] = useChosenImage();
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;

  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    const problem = receiptFileProblem(picked);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    choose(picked);
  };

  const process = () => {
    if (!file) {
      toast({ ...NO_IMAGE_SELECTED, variant: 'destructive' });
      return;
    }
    onProcess(file);
  };

  return (
    <div className="flex flex-col gap-4 pt-2">
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid="receipt-upload-input"
        onChange={pick}
      />
      {preview ? (
        <figure className="overflow-hidden rounded-2xl border border-line bg-surface">
          <img
            src={preview}
            alt="The receipt photo you chose"
            className="mx-auto max-h-[38dvh] w-auto object-contain"
          />
          <figcaption className="truncate px-4 py-2 text-sm text-muted">{file?.name}</figcaption>
        </figure>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-gray-400 bg-surface p-6 font-semibold text-brand-800 hover:bg-brand-50"
        >
          <ImageUp aria-hidden className="size-9" />
          Choose a receipt image
          <span className="text-sm font-normal text-muted">
            JPEG, PNG, WebP or HEIC, up to 15 MB
          </span>
        </button>
      )}
      <div className="flex flex-col gap-3">
        <Button size="lg" block onClick={process}>
          <ScanLine aria-hidden className="size-5" />
          Process Receipt
        </Button>
        {file && (
          <Button variant="secondary" block onClick={() => input.current?.click()}>
            <RefreshCw aria-hidden className="size-5" />
            Try Another Image
          </Button>
        )}
        <Button variant="ghost" block onClick={onEnterManually}>
          Or Enter Items Manually Instead
        </Button>
      </div>
    </div>
  );
}
