import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import sharp, { type Sharp } from 'sharp';
import { MAX_RECEIPT_BYTES } from '../../../contracts/receipts';
import { AppError } from '../../http/errors';
import { reportPoolErrors, workerModule } from '../../adapters/worker-module';
import type { HeicResult, HeicTask } from './heic-worker';

// The image stage of a scan (DESIGN.md Receipt flow): sniff the bytes, refuse bombs, convert HEIC,
// rotate by EXIF, shrink, and hand back one normalised JPEG for storage and the OCR engine.

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** Longest side of the stored, normalised image. */
export const MAX_SIDE = 2000;
/** Largest pixel count we agree to decode (about a 48 MP phone photo). */
export const MAX_PIXELS = 50_000_000;
/**
 * The longest side may be at most this many times the shortest: a long till roll photographed
 * whole is about 1:8, a scanned one 1:15. Far beyond it the OCR's own resizing leaves a side of 0
 * pixels (a 1 x 20000 image failed inside the engine), and nothing that narrow is a receipt photo.
 */
export const MAX_ASPECT = 20;

export const BAD_SHAPE_MESSAGE = `This photo is too long and narrow to be a receipt - please send a photo of the whole receipt, no more than ${MAX_ASPECT} times as long as it is wide`;

const tooLarge = () =>
  new AppError(413, 'payload_too_large', 'Receipt image is too large - the limit is 15 MB');
const unsupported = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'This file is not a supported image - please upload a JPEG, PNG, WebP or HEIC photo',
  );
const corrupt = () =>
  new AppError(400, 'bad_image', 'The image could not be read - it may be damaged or incomplete');
const badShape = () => new AppError(400, 'bad_image_shape', BAD_SHAPE_MESSAGE);

/** Refuses a shape the OCR cannot read, from the header's dimensions, before any decoding. */
function checkShape(width: number, height: number) {
  if (Math.max(width, height) > Math.min(width, height) * MAX_ASPECT) throw badShape();
}

const tooManyPixels = () =>
  new AppError(
    413,
    'too_many_pixels',
    'Receipt image has too many pixels - please send a smaller photo',
  );

/** Looks at the first bytes only: the file name and the client's MIME type are not trusted. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'image/png';
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) {
      return 'image/heic';
    }
  }
  return null;
}

export interface NormalisedImage {
  /** the normalised JPEG (EXIF-rotated, longest side <= MAX_SIDE, no metadata) */
  jpeg: Buffer;
  width: number;
  height: number;
  /** the longest side of the photo as sent (upright), before it was shrunk to MAX_SIDE */
  sourceSide: number;
  /** what the upload really was */
  sourceType: SniffedType;
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
const compileLibheif = () =>
  fs
    .readFile(createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.wasm'))
    .then((binary) => WebAssembly.compile(binary));

async function decodeHeic(bytes: Buffer): Promise<Sharp> {
  heicWasm ??= compileLibheif().catch((err: unknown) => {
    heicWasm = undefined;
    throw err;
  });
  const wasm = await heicWasm;
  // The pool is taken and given the photo at once: a pool being retired gets no new photos.
  heicPool ??= newHeicPool();
  const pool = heicPool;
  const image = await pool.run({ bytes, maxPixels: MAX_PIXELS, wasm });
  if (image.retire) retireHeicThread(pool);
  if ('error' in image) throw image.error === 'too_many_pixels' ? tooManyPixels() : corrupt();
  checkShape(image.width, image.height);
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
 * Checks and normalises an upload; throws an AppError with a message for the user on bad input.
 * `maxSide` is the stored image's MAX_SIDE unless a scan asks for more of the photo's own pixels.
 */
export async function normaliseReceiptImage(
  bytes: Buffer,
  { maxSide = MAX_SIDE }: { maxSide?: number } = {},
): Promise<NormalisedImage> {
  if (bytes.length === 0) throw new AppError(400, 'empty_file', 'The uploaded file is empty');
  if (bytes.length > MAX_RECEIPT_BYTES) throw tooLarge();
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw unsupported();

  let pipeline: Sharp;
  let sourceSide: number;
  if (sourceType === 'image/heic') {
    pipeline = await decodeHeic(bytes);
    const { width = 0, height = 0 } = await pipeline.metadata();
    sourceSide = Math.max(width, height);
  } else {
    // Header first: the dimensions are known before a single pixel is decoded.
    if (sourceType === 'image/png' && bytes.length >= 24) {
      // IHDR: width and height are the first two 32-bit fields after the signature and chunk head.
      if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_PIXELS) throw tooManyPixels();
    }
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => {
        throw corrupt();
      });
    if (!meta.width || !meta.height) throw corrupt();
    if (meta.width * meta.height > MAX_PIXELS) throw tooManyPixels();
    checkShape(meta.width, meta.height);
    sourceSide = Math.max(meta.width, meta.height);
    pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
  }
  try {
    const { data, info } = await pipeline
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, sourceSide, sourceType };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
    throw corrupt();
  }
}
