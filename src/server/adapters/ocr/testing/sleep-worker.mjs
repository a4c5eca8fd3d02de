import { threadId } from 'node:worker_threads';

// A stand-in OCR worker for the pool's tests, without models. `detect` sleeps for image[0] x 10 ms
// and finds image[2] lines (one unless given), numbered from image[1]; `read` reads each line as its
// number, with the thread that read it as its score (and has a failing and a slow line). So
// admission, time limits, closing and the sharing out of lines can be tested. The warm-up's JPEG
// (first byte 0xff) returns line 0 at once.
//
// With image[3] > 0 the page is read in that many bands: `detect` finds no lines itself, and `band`
// k sleeps 100 ms and finds image[2] lines numbered from image[1] + 10 k, each with the time it was
// found (band 3 fails). `read` then gives each box the time its reading began, as box[0]:
// [found, began].
export async function detect({ image }) {
  const warmUp = image[0] === 0xff;
  await new Promise((resolve) => setTimeout(resolve, warmUp ? 0 : image[0] * 10));
  const first = warmUp ? 0 : (image[1] ?? 0);
  const count = warmUp ? 1 : (image[2] ?? 1);
  const bands = warmUp ? 0 : (image[3] ?? 0);
  if (bands > 0) {
    // The page's size carries what `band` needs to number its lines.
    const page = { data: new Uint8Array(0), width: first, height: count };
    return {
      page,
      lines: [],
      bands: Array.from({ length: bands }, (_, k) => ({ top: k, height: 1 })),
    };
  }
  const lines = Array.from({ length: count }, (_, i) => first + i);
  return { page: { data: new Uint8Array(0), width: 0, height: 0 }, lines };
}

export async function band({ page, k }) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (k === 3) throw new Error('unreadable band');
  const found = Date.now();
  return Array.from({ length: page.height }, (_, i) => ({ n: page.width + 10 * k + i, found }));
}

export async function read({ lines }) {
  const began = Date.now();
  const numbers = lines.map((line) => (typeof line === 'number' ? line : line.n));
  // Line 250 cannot be read: its share fails at once. Lines 200 to 249 take 200 ms.
  if (numbers.includes(250)) throw new Error('unreadable line');
  const slow = numbers.some((n) => n >= 200 && n < 250);
  // Long enough that one thread cannot take every share before the other starts.
  await new Promise((resolve) => setTimeout(resolve, slow ? 200 : 20));
  return lines.map((line) => ({
    text: String(typeof line === 'number' ? line : line.n),
    box: typeof line === 'number' ? [] : [[line.found, began]],
    score: threadId,
  }));
}
