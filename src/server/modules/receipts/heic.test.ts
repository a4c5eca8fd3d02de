import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heicClaiming, ukReceiptHeic } from '../../testing/receipt-fixtures';
import decode, {
  decoderIsPristine,
  type HeicResult,
  type HeicTask,
} from '../../adapters/image/heic-worker';
import { MAX_PIXELS, normaliseReceiptImage } from './image';

// HEIC decoding keeps its libheif between photos (heic-worker.ts): what one photo leaves in the
// decoder must never reach the next one (another user's photo), and a decoder grown too large is
// let go.

const wasm = new WebAssembly.Module(
  fs.readFileSync(createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.wasm')),
);
/** The worker's answer, unwrapped from piscina's transfer (as piscina does between threads). */
async function decodeHere(task: Partial<HeicTask> & Pick<HeicTask, 'bytes'>): Promise<HeicResult> {
  const answer = (await decode({ maxPixels: MAX_PIXELS, wasm, ...task })) as object;
  return ((answer as Record<symbol, unknown>)[Piscina.valueSymbol] ?? answer) as HeicResult;
}

describe('the HEIC decoder', () => {
  it('decodes the iPhone photo to packed RGB, upright, and keeps its small decoder', async () => {
    const first = await decodeHere({ bytes: ukReceiptHeic() });
    if ('error' in first) throw new Error(first.error);
    expect(first.rgb.length).toBe(first.width * first.height * 3);
    expect(first.height).toBeGreaterThan(first.width);
    expect(first.retire).toBe(false);
    // nothing of the photo stays in the kept decoder's memory, not even freed
    expect(await decoderIsPristine()).toBe(true);
    // a receipt: mostly pale paper, some dark print
    const { channels } = await sharp(first.rgb, {
      raw: { width: first.width, height: first.height, channels: 3 },
    }).stats();
    expect(channels[0]!.mean).toBeGreaterThan(100);
    expect(channels[0]!.min).toBeLessThan(60);

    // the kept decoder gives the same pixels again, also after a damaged file and a refused one
    const truncated = await decodeHere({ bytes: ukReceiptHeic().subarray(0, 4000) });
    expect(truncated).toMatchObject({ error: 'bad_image' });
    const claiming = await decodeHere({ bytes: heicClaiming(30000, 30000) });
    expect(claiming).toMatchObject({ error: 'too_many_pixels' });
    const again = await decodeHere({ bytes: ukReceiptHeic() });
    if ('error' in again) throw new Error(again.error);
    expect(again.retire).toBe(false);
    expect(await decoderIsPristine()).toBe(true);
    expect(Buffer.compare(Buffer.from(again.rgb), Buffer.from(first.rgb))).toBe(0);
  }, 60_000);

  it('lets go of a decoder that grew past what is kept, and the next photo still decodes', async () => {
    const grown = await decodeHere({ bytes: ukReceiptHeic(), keepBelowBytes: 1 });
    expect(grown.retire).toBe(true);
    const next = await decodeHere({ bytes: ukReceiptHeic() });
    if ('error' in next) throw new Error(next.error);
    expect(next.retire).toBe(false);
    expect(next.rgb.length).toBe(next.width * next.height * 3);
  }, 60_000);

  it('the image stage answers the same JPEG for the same photo, photo after photo', async () => {
    const photo = ukReceiptHeic();
    const first = await normaliseReceiptImage(photo);
    await expect(normaliseReceiptImage(photo.subarray(0, 4000))).rejects.toMatchObject({
      code: 'bad_image',
    });
    const second = await normaliseReceiptImage(photo);
    expect(first.sourceType).toBe('image/heic');
    expect(Buffer.compare(second.jpeg, first.jpeg)).toBe(0);
  }, 60_000);
});
