// A stand-in OCR worker for the pool's tests: sleeps for image[0] x 10 ms and reports which scan it
// was, so admission, time limits and closing can be tested without loading models. The warm-up's
// JPEG (first byte 0xff) returns at once.
export default async function sleepTask({ image }) {
  const started = performance.now();
  const tens = image[0] === 0xff ? 0 : image[0];
  await new Promise((resolve) => setTimeout(resolve, tens * 10));
  return {
    boxes: [{ text: String(image[1] ?? 0), box: [], score: 1 }],
    ocrMs: performance.now() - started,
  };
}
