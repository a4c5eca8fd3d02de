import { threadId } from 'node:worker_threads';

// A stand-in OCR worker for the pool's tests, without models. `detect` sleeps for image[0] x 10 ms
// and finds image[2] lines (one unless given), numbered from image[1]; `read` reads each line as its
// number, with the thread that read it as its score (and has a failing and a slow line). So
// admission, time limits, closing and the sharing out of lines can be tested. The warm-up's JPEG
// (first byte 0xff) returns line 0 at once.
export async function detect({ image }) {
  const warmUp = image[0] === 0xff;
  await new Promise((resolve) => setTimeout(resolve, warmUp ? 0 : image[0] * 10));
  const first = warmUp ? 0 : (image[1] ?? 0);
  const lines = Array.from({ length: warmUp ? 1 : (image[2] ?? 1) }, (_, i) => first + i);
  return { page: { data: new Uint8Array(0), width: 0, height: 0 }, lines };
}

export async function read({ lines }) {
  // Line 250 cannot be read: its run fails at once. Lines 200 to 249 take 200 ms, line 100 1500 ms:
  // long enough that the other thread reads every run but one meanwhile, on a machine under load
  // too (each run is a message there and back).
  if (lines.includes(250)) throw new Error('unreadable line');
  const slow = lines.some((n) => n >= 200 && n < 250);
  // Long enough that one thread cannot take every run before the other starts.
  const ms = lines.includes(100) ? 1500 : slow ? 200 : 20;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return lines.map((n) => ({ text: String(n), box: [], score: threadId }));
}
