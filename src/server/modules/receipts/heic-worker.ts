import decodeHeic from 'heic-decode';
import { Piscina } from 'piscina';

// Decodes a HEIC photo in a worker thread: libheif runs as WebAssembly, synchronously, and a 12 MP
// iPhone photo takes most of a second, which on the main thread would stop the server answering
// anyone. The image's size is read from the file's header first, so a photo that claims too many
// pixels is refused before any memory is given to them.

export interface HeicTask {
  bytes: Uint8Array;
  maxPixels: number;
}

export type HeicResult =
  | { width: number; height: number; rgba: Uint8ClampedArray }
  | { error: 'bad_image' | 'too_many_pixels' };

export default async function decode({ bytes, maxPixels }: HeicTask): Promise<HeicResult> {
  const images = await decodeHeic.all({ buffer: bytes }).catch(() => null);
  if (!images) return { error: 'bad_image' };
  try {
    const primary = images[0];
    if (!primary) return { error: 'bad_image' };
    if (primary.width * primary.height > maxPixels) return { error: 'too_many_pixels' };
    const image = await primary.decode().catch(() => null);
    if (!image) return { error: 'bad_image' };
    const result = { width: image.width, height: image.height, rgba: image.data };
    // The pixels are handed over to the caller's thread, not copied.
    const transfer = {
      [Piscina.transferableSymbol]: [image.data.buffer],
      [Piscina.valueSymbol]: result,
    };
    // (piscina's types do not take these computed keys for its own symbols)
    const movable = transfer as unknown as Parameters<typeof Piscina.move>[0];
    return Piscina.move(movable) as unknown as HeicResult;
  } finally {
    images.dispose();
  }
}
