// How quick this machine is at the OCR's main work: one PP-OCRv4 line of 240 x 48 px read by the
// recogniser as the server loads and runs it (fused, fused-model.ts; paddle.ts's session options)
// on one thread, the median of 40 runs.
// bench/receipts prints it before and after its sets, so a run's times can be compared with a run
// on another machine, or with the same machine under other load: from one machine to another it has
// ranged from 6 to 38 ms, and within one run by half (docs/benchmarks.md). It runs in a process of its
// own: the memory onnxruntime keeps after a session is released would count in the bench's peak
// RSS.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { fuseModel } from '../src/server/adapters/ocr/fused-model';
import { models, sessionOptions } from '../src/server/adapters/ocr/paddle';

const WIDTH = 240;
const WARM_UP = 5;
const RUNS = 40;

/** The median ms of one line, measured in a child process (this file run as a script). */
export function lineSpeedMs(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      // TypeScript through tsx, whoever the parent (tsx for the bench, vitest for its test).
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (ms) => resolve(Number(ms)));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`line-speed exited with ${code}`)));
  });
}

async function measure(): Promise<number> {
  const model = fuseModel(new Uint8Array(await fs.readFile(models.recognitionPath))).model;
  const session = await ort.InferenceSession.create(model, sessionOptions(1));
  try {
    // A fixed input: a line's cost does not depend on its pixels, but a fixed one leaves no doubt.
    const pixels = new Float32Array(3 * 48 * WIDTH).map((_, i) => Math.sin(i * 0.37) * 0.9);
    const tensor = new ort.Tensor('float32', pixels, [1, 3, 48, WIDTH]);
    const input = { [session.inputNames[0]!]: tensor };
    for (let i = 0; i < WARM_UP; i++) await session.run(input);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await session.run(input);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return (times[RUNS / 2 - 1]! + times[RUNS / 2]!) / 2;
  } finally {
    await session.release();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Run by hand (npx tsx bench/line-speed.ts), it prints the figure.
  const ms = await measure();
  if (process.send) {
    process.send(ms);
    process.disconnect();
  } else console.log(`one 240 px line (PP-OCRv4, one thread): ${ms.toFixed(1)} ms`);
}
