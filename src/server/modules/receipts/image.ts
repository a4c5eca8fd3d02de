import { MAX_RECEIPT_BYTES } from '../../../contracts/receipts';
import {
  ImageRejected,
  normaliseImage,
  type ImageType,
  type RejectReason,
} from '../../adapters/image/normalise';
import { AppError } from '../../http/errors';

// The image stage of a scan (DESIGN.md Receipt flow): sniff the bytes, refuse bombs, convert HEIC,
// rotate by EXIF, shrink, and hand back one normalised JPEG for storage and the OCR engine. The
// decoding is the image adapter's (adapters/image/); the limits and what a refusal says are here.

export type SniffedType = ImageType;

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

const tooManyPixels = () =>
  new AppError(
    413,
    'too_many_pixels',
    'Receipt image has too many pixels - please send a smaller photo',
  );

/** What each refusal of the image adapter says to the user. */
const REFUSALS: Record<RejectReason, () => AppError> = {
  bad_image: corrupt,
  too_many_pixels: tooManyPixels,
  bad_shape: badShape,
};

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

  try {
    const image = await normaliseImage(bytes, sourceType, {
      maxSide,
      maxPixels: MAX_PIXELS,
      maxAspect: MAX_ASPECT,
    });
    return { ...image, sourceType };
  } catch (err) {
    if (err instanceof ImageRejected) throw REFUSALS[err.reason]();
    throw err;
  }
}
