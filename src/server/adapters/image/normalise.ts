import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import sharp, { type Sharp } from 'sharp';
import { reportPoolErrors, workerModule } from '../worker-module';
import type { HeicResult, HeicTask } from './heic-worker';

// The image adapter: sharp, libheif-js and the HEIC decoding thread, behind one function. It
// decodes an image whose type the caller has sniffed, refuses bombs and impossible shapes from the
// header before decoding a pixel, rotates by EXIF, shrinks, and hands back one JPEG. What a refusal
// means to a user is the caller's (modules/receipts/image.ts): here it is an ImageRejected reason.

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** Why an image was refused: the caller turns each into its message. */
export type RejectReason = 'bad_image' | 'too_many_pixels' | 'bad_shape';

export class ImageRejected extends Error {
  constructor(readonly reason: RejectReason) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejected';
  }
}

export interface ImageLimits {
  /** longest side of the JPEG answered */
  maxSide: number;
  /** the most pixels decoded */
  maxPixels: number;
  /** the most times the longest side may be the shortest */
  maxAspect: number;
}

export interface DecodedJpeg {
  /** the normalised JPEG (EXIF-rotated, longest side <= maxSide, no metadata) */
  jpeg: Buffer;
  width: number;
  height: number;
  /** the longest side of the photo as sent (upright), before it was shrunk to maxSide */
  sourceSide: number;
}

/** Refuses a shape the OCR cannot read, from the header's dimensions, before any decoding. */
function checkShape(width: number, height: number, maxAspect: number) {
  if (Math.max(width, height) > Math.min(width, height) * maxAspect) {
    throw new ImageRejected('bad_shape');
  }
}

// A thread decodes HEIC photos (heic-worker.ts), one at a time, and keeps its libheif between
// them: a fresh instance's memory is faulted in page by page, which doubled a 12 MP photo's
// decoding. libheif's WebAssembly memory only grows, so the thread keeps an instance only while it
// holds at most KEEP_BELOW_BYTES (a 12 MP photo's 84 MB); a larger photo's instance ends with it
// (measured before: a 24 MP iPhone photo left 330 MB behind, a 48 MP one 590 MB, beside the OCR's
// own peak), and an idle thread ends after HEIC_IDLE_MS. libheif's WebAssembly is compiled once,
// here, and each thread only instantiates it (heic-worker.ts).
let heicPool: Piscina<HeicTask, HeicResult> | undefined;
/** How long an idle HEIC thread keeps its decoder (and its memory) for the next photo. */
export const HEIC_IDLE_MS = 10 * 60_000;
/** libheif's WebAssembly, compiled once (a few MB of code) and handed to each decoding thread. */
let heicWasm: Promise<WebAssembly.Module> | undefined;
// The .wasm file is data, not a module: its path is resolved (vendor-require in eslint.config.js
// keeps this string in the adapter).
const compileLibheif = () =>
  fs
    .readFile(createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.wasm'))
    .then((binary) => WebAssembly.compile(binary));

async function decodeHeic(bytes: Buffer, limits: ImageLimits): Promise<Sharp> {
  heicWasm ??= compileLibheif().catch((err: unknown) => {
    heicWasm = undefined;
    throw err;
  });
  const wasm = await heicWasm;
  // The pool is taken and given the photo at once: a pool being retired gets no new photos.
  heicPool ??= newHeicPool();
  const pool = heicPool;
  const image = await pool.run({ bytes, maxPixels: limits.maxPixels, wasm });
  if (image.retire) retireHeicThread(pool);
  if ('error' in image) throw new ImageRejected(image.error);
  checkShape(image.width, image.height, limits.maxAspect);
  return sharp(Buffer.from(image.rgb.buffer, image.rgb.byteOffset, image.rgb.byteLength), {
    raw: { width: image.width, height: image.height, channels: 3 },
  });
}

function newHeicPool(): Piscina<HeicTask, HeicResult> {
  const pool = new Piscina<HeicTask, HeicResult>({
    ...workerModule(
      new URL('./heic-worker.js', import.meta.url),
      new URL('./heic-worker.ts', import.meta.url),
    ),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: HEIC_IDLE_MS,
  });
  reportPoolErrors(pool, 'HEIC decoding thread');
  return pool;
}

/**
 * Ends a HEIC thread whose decoder grew too large: the next photo gets a new one, and this one
 * closes once the photos already queued on it are decoded.
 */
function retireHeicThread(pool: Piscina<HeicTask, HeicResult>) {
  if (heicPool === pool) heicPool = undefined;
  const close = () => void pool.close().catch(() => {});
  if (pool.queueSize === 0) close();
  else pool.once('drain', close);
}

/** Ends the HEIC thread (server shutdown): its memory is not the next scan's. */
export async function closeHeicDecoder(): Promise<void> {
  const pool = heicPool;
  heicPool = undefined;
  await pool?.close();
}

/**
 * Decodes `bytes` (of the sniffed `type`) within `limits` and answers the normalised JPEG; throws
 * ImageRejected for an image it refuses or cannot read.
 */
export async function normaliseImage(
  bytes: Buffer,
  type: ImageType,
  limits: ImageLimits,
): Promise<DecodedJpeg> {
  let pipeline: Sharp;
  let sourceSide: number;
  if (type === 'image/heic') {
    pipeline = await decodeHeic(bytes, limits);
    const { width = 0, height = 0 } = await pipeline.metadata();
    sourceSide = Math.max(width, height);
  } else {
    // Header first: the dimensions are known before a single pixel is decoded.
    if (type === 'image/png' && bytes.length >= 24) {
      // IHDR: width and height are the first two 32-bit fields after the signature and chunk head.
      if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > limits.maxPixels) {
        throw new ImageRejected('too_many_pixels');
      }
    }
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => {
        throw new ImageRejected('bad_image');
      });
    if (!meta.width || !meta.height) throw new ImageRejected('bad_image');
    if (meta.width * meta.height > limits.maxPixels) throw new ImageRejected('too_many_pixels');
    checkShape(meta.width, meta.height, limits.maxAspect);
    sourceSide = Math.max(meta.width, meta.height);
    pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated' }).rotate();
  }
  try {
    const { data, info } = await pipeline
      .resize({
        width: limits.maxSide,
        height: limits.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, sourceSide };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new ImageRejected('too_many_pixels');
    }
    throw new ImageRejected('bad_image');
  }
}
