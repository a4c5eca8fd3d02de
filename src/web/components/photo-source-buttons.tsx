import { Camera, ImageUp } from 'lucide-react';
import { useRef } from 'react';

export interface PhotoSourceButtonsProps {
  cameraLabel: string;
  libraryLabel: string;
  /** the chosen photo; the input is cleared so the same file can be picked again */
  onFile: (file: File) => void;
  disabled?: boolean;
  /** test id of the library input */
  libraryTestId?: string;
}

/**
 * Two big buttons side by side: the camera (rear one preferred) and the photo library, each opening
 * a hidden file input for images (Home's receipt buttons and the scan dialog).
 */
export function PhotoSourceButtons({
  cameraLabel,
  libraryLabel,
  onFile,
  disabled = false,
  libraryTestId,
}: PhotoSourceButtonsProps) {
  const camera = useRef<HTMLInputElement>(null);
  const library = useRef<HTMLInputElement>(null);
  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div className="grid grid-cols-2 gap-3">
      <button
        type="button"
        disabled={disabled}
        onClick={() => camera.current?.click()}
        className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-3xl bg-brand-700 p-4 font-semibold text-white shadow-md hover:bg-brand-800 disabled:bg-gray-300 disabled:text-gray-600"
      >
        <Camera aria-hidden className="size-8" />
        {cameraLabel}
      </button>
      <button
        type="button"
        disabled={disabled}
        onClick={() => library.current?.click()}
        className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-3xl border border-line bg-white p-4 font-semibold text-brand-800 shadow-sm hover:bg-brand-50 disabled:text-gray-400"
      >
        <ImageUp aria-hidden className="size-8" />
        {libraryLabel}
      </button>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={pick}
      />
      <input
        ref={library}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        data-testid={libraryTestId}
        onChange={pick}
      />
    </div>
  );
}
