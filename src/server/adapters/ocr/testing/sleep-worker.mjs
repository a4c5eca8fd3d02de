import { threadId } from 'node:worker_threads';

// A stand-in OCR worker for the pool's tests, without models. `detect` sleeps for image[0] x 10 ms
// and finds image[2] lines (one unless given), numbered from image[1]; `read` reads each line as its
// number, with the thread that read it as its score. So admission, time limits, closing and the
// sharing out of lines can be tested. The warm-up's JPEG (first byte 0xff) returns at once.
export async function detect({ image }) {
  const tens = image[0] === 0xff ? 0 : image[0];
  await new Promise((resolve) => setTimeout(resolve, tens * 10));
  const first = image[1] ?? 0;
  const lines = Array.from({ length: image[2] ?? 1 }, (_, i) => first + i);
  return { page: { data: new Uint8Array(0), width: 0, height: 0 }, lines };
}

export async function read({ lines }) {
  // Long enough that one thread cannot take every share before the other starts.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.map((n) => ({ text: String(n), box: [], score: threadId }));
}
