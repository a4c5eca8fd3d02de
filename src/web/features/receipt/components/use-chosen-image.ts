import { useEffect, useRef, useState } from 'react';

interface ChosenImage {
  file: File;
  /** An object URL for previewing the file; revoked when replaced or on unmount. */
  url: string;
}

/** The image chosen for preview, with its object URL managed. */
export function useChosenImage(): [ChosenImage | null, (file: File) => void] {
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  const choose = (file: File) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = URL.createObjectURL(file);
    current.current = url;
    setChosen({ file, url });
  };
  return [chosen, choose];
}
