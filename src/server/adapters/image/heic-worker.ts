import libheifFactory from 'libheif-js/libheif-wasm/libheif.js';
import { Piscina } from 'piscina';

// Decodes a HEIC photo in a worker thread: libheif runs as WebAssembly, synchronously, and a 12 MP
// iPhone photo takes a fifth of a second at best, which on the main thread would stop the server
// answering anyone. The image's size is read from the file's header first, so a photo that claims
// too many pixels is refused before any memory is given to them.
//
// libheif's WebAssembly comes compiled (normalise.ts compiles it once per process): the thread only
// instantiates it, rather than decoding the 2 MB of base64 libheif-js bundles and compiling that.
//
// The thread keeps its libheif between photos (decision 006, HEIC): a fresh instance's memory is
// faulted in page by page, and on a 12 MP photo that doubled the decoding (0.47-0.61 s against
// 0.21 s with the instance kept). Its memory never shrinks, so an instance that needed more than
// KEEP_BELOW_BYTES for a photo is let go with that photo (`retire`: normalise.ts ends the thread).
// After each photo a kept instance's memory is put back as it was started, the rest zeroed: the
// next photo may be another user's, and a damaged file must not find the last one's pixels in
// memory libheif freed but did not clear. The pages stay faulted in, which is the saving.

export interface HeicTask {
  bytes: Uint8Array;
  maxPixels: number;
  /** libheif-js's libheif.wasm, compiled */
  wasm: WebAssembly.Module;
  /** the most memory a kept decoder may hold (KEEP_BELOW_BYTES unless a test lowers it) */
  keepBelowBytes?: number;
}

export type HeicResult =
  | {
      width: number;
      height: number;
      /** interleaved RGB, 3 bytes a pixel, rows packed */
      rgb: Uint8Array;
      /** the decoder grew past what a thread keeps: end the thread */
      retire: boolean;
    }
  | { error: 'bad_image' | 'too_many_pixels'; retire: boolean };

/**
 * The most WebAssembly memory a kept decoder may hold: a 12 MP phone photo leaves 84 MB; a 24 MP
 * or 48 MP one (170 and 330 MB) is decoded by an instance that ends with it.
 */
export const KEEP_BELOW_BYTES = 128 * 1024 * 1024;

/** The part of libheif-js's bindings used here (its own typings are Emscripten's, not exported). */
interface Enum {
  value: number;
}
interface HeifError {
  code: Enum;
}
interface DecodedImage {
  image: unknown;
  channels: { id: Enum; width: number; height: number; stride: number; data: Uint8Array }[];
}
interface Libheif {
  heif_context_alloc(): unknown;
  heif_context_free(context: unknown): void;
  heif_context_read_from_memory(context: unknown, bytes: Uint8Array): HeifError;
  heif_js_context_get_primary_image_handle(context: unknown): unknown;
  heif_image_handle_get_width(handle: unknown): number;
  heif_image_handle_get_height(handle: unknown): number;
  heif_image_handle_release(handle: unknown): void;
  heif_js_decode_image2(handle: unknown, colorspace: Enum, chroma: Enum): Promise<unknown>;
  heif_image_release(image: unknown): void;
  heif_colorspace: { heif_colorspace_RGB: Enum };
  heif_chroma: { heif_chroma_interleaved_RGB: Enum };
  heif_channel: { heif_channel_interleaved: Enum };
}

/**
 * Whether a call that answers a value or, failing, an error object (with a `code`) failed, as
 * libheif-js's own wrapper tells them apart.
 */
const failed = (value: unknown) => !value || (typeof value === 'object' && 'code' in value);
/** Whether a call that always answers an error object failed (heif_error_Ok is 0). */
const notOk = (error: HeifError) => error.code.value !== 0;

/** A libheif instance, and what it holds. */
interface Decoder {
  lib: Libheif;
  /** the size of its memory */
  bytes(): number;
  /** its memory put back as it was started */
  reset(): void;
  pristine(): boolean;
}

/** libheif instantiated from the compiled module, with the memory it decodes into. */
async function instantiate(wasm: WebAssembly.Module): Promise<Decoder> {
  let initialised!: () => void;
  const ready = new Promise<void>((resolve) => (initialised = resolve));
  let memory: WebAssembly.Memory | undefined;
  const lib = libheifFactory({
    // Emscripten's hook: the instance is made here, synchronously, and its exports returned.
    instantiateWasm: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => unknown,
    ) => {
      const instance = new WebAssembly.Instance(wasm, imports);
      memory = Object.values(instance.exports).find(
        (e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory,
      );
      return receive(instance, wasm);
    },
    onRuntimeInitialized: () => initialised(),
  }) as Libheif;
  await ready;
  if (!memory) throw new Error('libheif exports no memory');
  const own = memory;
  // Its memory as it was started: after each photo the instance is put back to it (the rest
  // zeroed), so nothing of one photo, not even in freed memory, is there for the next one.
  const start = new Uint8Array(own.buffer).slice();
  return {
    lib,
    bytes: () => own.buffer.byteLength,
    reset: () => {
      const now = new Uint8Array(own.buffer);
      now.set(start);
      now.fill(0, start.length);
    },
    pristine: () => {
      const now = new Uint8Array(own.buffer);
      if (Buffer.compare(now.subarray(0, start.length), start) !== 0) return false;
      return now.subarray(start.length).every((b) => b === 0);
    },
  };
}

let decoder: Promise<Decoder> | undefined;

/** Whether the kept decoder's memory holds nothing of the photos it decoded (tests). */
export async function decoderIsPristine(): Promise<boolean> {
  return decoder ? (await decoder).pristine() : true;
}

/** The primary image as packed RGB, or why not. */
async function decodeWith(
  lib: Libheif,
  bytes: Uint8Array,
  maxPixels: number,
): Promise<
  { width: number; height: number; rgb: Uint8Array } | { error: 'bad_image' | 'too_many_pixels' }
> {
  const context = lib.heif_context_alloc();
  try {
    if (failed(context) || notOk(lib.heif_context_read_from_memory(context, bytes))) {
      return { error: 'bad_image' };
    }
    const handle = lib.heif_js_context_get_primary_image_handle(context);
    if (failed(handle)) return { error: 'bad_image' };
    try {
      const width = lib.heif_image_handle_get_width(handle);
      const height = lib.heif_image_handle_get_height(handle);
      if (!(width > 0 && height > 0)) return { error: 'bad_image' };
      if (width * height > maxPixels) return { error: 'too_many_pixels' };
      const decoded = await lib.heif_js_decode_image2(
        handle,
        lib.heif_colorspace.heif_colorspace_RGB,
        lib.heif_chroma.heif_chroma_interleaved_RGB,
      );
      if (failed(decoded)) return { error: 'bad_image' };
      const { image, channels } = decoded as DecodedImage;
      try {
        const plane = channels.find(
          (c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value,
        );
        if (!plane || plane.width !== width || plane.height !== height)
          return { error: 'bad_image' };
        // The plane is a view of libheif's memory, its rows padded to `stride`: copied out packed.
        const row = width * 3;
        const rgb = new Uint8Array(row * height);
        for (let y = 0; y < height; y++) {
          rgb.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
        }
        return { width, height, rgb };
      } finally {
        lib.heif_image_release(image);
      }
    } finally {
      lib.heif_image_handle_release(handle);
    }
  } finally {
    if (!failed(context)) lib.heif_context_free(context);
  }
}

export default async function decode({
  bytes,
  maxPixels,
  wasm,
  keepBelowBytes = KEEP_BELOW_BYTES,
}: HeicTask): Promise<HeicResult> {
  decoder ??= instantiate(wasm);
  const instance = await decoder;
  // A throw from inside libheif may leave its instance unusable: it is not kept.
  let broken = false;
  const result = await decodeWith(instance.lib, bytes, maxPixels).catch(() => {
    broken = true;
    return { error: 'bad_image' as const };
  });
  const retire = broken || instance.bytes() > keepBelowBytes;
  if (retire) decoder = undefined;
  else instance.reset();
  if ('error' in result) return { ...result, retire };
  // The pixels are handed over to the caller's thread, not copied.
  const transfer = {
    [Piscina.transferableSymbol]: [result.rgb.buffer],
    [Piscina.valueSymbol]: { ...result, retire },
  };
  // (piscina's types do not take these computed keys for its own symbols)
  const movable = transfer as unknown as Parameters<typeof Piscina.move>[0];
  return Piscina.move(movable) as unknown as HeicResult;
}
