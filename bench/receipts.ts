// npm run bench:receipts -- [folder] [--limit N] [--threads N] [--warmup N] [--det-side N] [--no-deskew]
//                            [--no-second-opinion] [--no-closer-look] [--no-sharper-look] [--boxes DIR]
//                            [--slowest N] [--parse-only] [--ablate]
//
// Runs the server's own scan pipeline (image stage -> OCR worker pool -> parser: scanReceipt, the
// code the upload handler runs) over labelled receipts and prints, per dataset, speed, memory and
// accuracy. A dataset is a folder of images (jpg, jpeg, png, webp, heic) each with a JSON label of
// the same name; a folder of such folders is one dataset per sub-folder. Labels understood:
//   items: [{ name, price_value }]          (WildReceipt style; a null price is not scored)
//   unpaired_prices: [{ price_value }]      (an item's price the labels pair with no name: a read
//                                            item at that price is not scored, right or wrong)
//   total: [{ value }] | "12.34"            (WildReceipt / SROIE)
//   store_name_parts: string[] | company    (establishment)
// Missing fields are simply not scored. Ground truth never leaves that folder.
//
// --boxes DIR keeps each image's OCR boxes in DIR and reuses them on the next run, so a parser change
// can be measured in seconds; the timing and memory figures of such a run only cover the images read.
//
// --parse-only (with --boxes) reads only the images whose boxes are kept, with the parser alone: no
// OCR model is loaded, so a parser change is measured on every set in seconds.
//
// --ablate (with --boxes) reads every set again with each of the parser's rules and score terms
// switched off in turn (src/domain/receipt/switches.ts) and prints, per set, the items and totals
// each gains and loses: what a rule is worth, and on how many photos and sets.
//
// It prints how many regular expressions the parser holds (bench/regex-count.ts).
//
// --slowest N prints each set's N slowest images with the time of each stage and the second looks
// each had, to see what a p95 is made of. Each set prints how many second looks its photos wanted,
// and how many were kept, read but not kept, or not had (no time for them after the first look).
//
// Before the sets and after them it prints how long one 240 px line takes this machine
// (bench/line-speed.ts): machines differ, and one machine's speed drifts with other work on its
// host, so a run's times compare with another's only beside that figure.
//
// Each set also prints which strategy decided the total (right of those labelled), and how often a
// total read right is still found with the words of its totals block garbled (bench/garble.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOcrPool } from '../src/server/adapters/ocr/pool';
import {
  scanReceipt,
  type ScanOutcome,
  type SecondLook,
} from '../src/server/modules/receipts/pipeline';
import { parseReceipt } from '../src/domain/receipt/parse-receipt';
import type { OcrBox } from '../src/domain/receipt/types';
import { buildLines } from '../src/domain/receipt/lines-from-boxes';
import { GarbledTotals } from './garble';
import { lineSpeedMs } from './line-speed';
import { ablate } from './receipt-ablation';
import { regexCount } from './regex-count';
import { namesMatch, pence, quantile, scoreItems, squash, type LabelItem } from './receipt-score';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const root = path.resolve(positional[0] ?? '../shared/receipts');
const limit = option('limit', Infinity);
const slowest = option('slowest', 0);
const warmup = option('warmup', 2);
const threads = option('threads', 2);
const detSide = option('det-side', 0) || undefined;
const deskew = !args.includes('--no-deskew');
const secondOpinionBelow = args.includes('--no-second-opinion') ? 0 : undefined;
const closerLook = !args.includes('--no-closer-look');
const sharperLook = !args.includes('--no-sharper-look');
const boxesIndex = args.indexOf('--boxes');
const boxesDir = boxesIndex >= 0 ? path.resolve(args[boxesIndex + 1]!) : null;
if (boxesDir) fs.mkdirSync(boxesDir, { recursive: true });
const parseOnly = args.includes('--parse-only');
const ablation = args.includes('--ablate');
if ((parseOnly || ablation) && !boxesDir) {
  console.error('--parse-only and --ablate read kept boxes: give --boxes DIR');
  process.exit(1);
}
const keptBoxes = (file: string) => path.join(boxesDir!, `${path.basename(file)}.boxes.json`);

/** The server's scan, or with --boxes the parser alone over OCR boxes kept from an earlier run. */
async function scan(
  file: string,
): Promise<Pick<ScanOutcome, 'boxes' | 'parsed'> & Partial<ScanOutcome> & { cached: boolean }> {
  const kept = boxesDir && path.join(boxesDir, `${path.basename(file)}.boxes.json`);
  if (kept && fs.existsSync(kept)) {
    const boxes = JSON.parse(fs.readFileSync(kept, 'utf8')) as OcrBox[];
    return { boxes, parsed: parseReceipt(boxes), cached: true };
  }
  if (!pool) throw new Error('no boxes kept for it (--parse-only)');
  const outcome = await scanReceipt(fs.readFileSync(file), pool, { closerLook, sharperLook });
  if (kept) fs.writeFileSync(kept, JSON.stringify(outcome.boxes));
  return { ...outcome, cached: false };
}

interface Label {
  items?: LabelItem[];
  /** item prices the labels could not pair with a name */
  unpaired_prices?: { price_value: number | null }[];
  total?: { value: number | null }[] | string;
  store_name_parts?: string[];
  company?: string;
}

const IMAGE = /\.(jpe?g|png|webp|heic|heif)$/i;

function datasets(dir: string): { name: string; files: string[] }[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const images = entries.filter((e) => e.isFile() && IMAGE.test(e.name)).map((e) => e.name);
  const own = images.length
    ? [{ name: path.basename(dir), files: images.map((f) => path.join(dir, f)) }]
    : [];
  const nested = entries
    .filter((e) => e.isDirectory())
    .flatMap((e) => datasets(path.join(dir, e.name)));
  return [...own, ...nested];
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const pool = parseOnly
  ? null
  : createOcrPool({
      threads,
      detectionMaxSide: detSide,
      deskew,
      secondOpinionBelow,
      queueWaitMs: 600_000,
      deadlineMs: 600_000,
    });
const sets = datasets(root).map((set) =>
  parseOnly ? { ...set, files: set.files.filter((f) => fs.existsSync(keptBoxes(f))) } : set,
);
if (!sets.length) {
  console.error(`no images under ${root}`);
  process.exit(1);
}
// The cores this process may run on (its CPU affinity, as `taskset` sets it), beside the threads.
const cores = os.availableParallelism();
console.log(
  `bench/receipts: ${root} (${threads} OCR threads on ${cores} core${cores === 1 ? '' : 's'}, warm-up ${warmup} images)`,
);
// The machine's speed as the run starts and as it ends (bench/line-speed.ts): times compare
// across runs only with it.
const lineSpeed = async () => `${(await lineSpeedMs()).toFixed(1)} ms`;
if (pool) {
  console.log(`one 240 px line (PP-OCRv4, one thread): ${await lineSpeed()}`);
  const t0 = performance.now();
  await pool.warmUp();
  console.log(`models loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const summary: Record<
  'set' | 'f1' | 'strict' | 'consistent' | 'total' | 'named' | 'median' | 'p95' | 'rss',
  string
>[] = [];
for (const set of sets) {
  const files = set.files.slice(0, limit);
  const seconds: number[] = [];
  let right = 0;
  let named = 0; // of those right, named with the label's very letters and digits
  let foundItems = 0;
  let truthItems = 0;
  let totals = 0;
  let totalsFound = 0;
  let totalsInText = 0;
  let stores = 0;
  let storesFound = 0;
  let pricesInText = 0;
  // Scored as before the labels' unpaired prices were read: a read item at such a price counts wrong.
  let strict = { right: 0, found: 0 };
  let failures = 0;
  // Label-free: receipts whose read items add up to their own printed subtotal or total.
  let addUp = 0;
  // Scored again on the receipts whose labelled items add up to their labelled total: some labels
  // pair each name with the price of the line above on tilted photos, and mark a right reading wrong.
  let consistent = { receipts: 0, right: 0, found: 0, truth: 0 };
  // Which of the total's strategies (src/domain/receipt/totals.ts) decided, how often, how often
  // right where a total is labelled, and which missed a labelled total the OCR text holds.
  const strategies = new Map<string, { decided: number; scored: number; right: number }>();
  const missedInText = new Map<string, number>();
  // The same receipts with the words of their totals block garbled (bench/garble.ts).
  const garbled = [new GarbledTotals(['total']), new GarbledTotals(['total', 'subtotal'])];
  const slow: {
    file: string;
    seconds: number;
    timings: ScanOutcome['timings'] | undefined;
    looks: SecondLook[];
  }[] = [];
  // The second looks wanted (pipeline.ts), by kind and outcome: whether one is had depends on the
  // time the first look took, so these say how much of a run's reading the machine decided.
  const secondLooks = new Map<string, number>();
  peakRss = process.memoryUsage().rss;
  for (const [n, file] of files.entries()) {
    const labelFile = file.replace(IMAGE, '.json');
    const label: Label = fs.existsSync(labelFile)
      ? JSON.parse(fs.readFileSync(labelFile, 'utf8'))
      : {};
    const started = performance.now();
    let outcome: Awaited<ReturnType<typeof scan>>;
    try {
      outcome = await scan(file);
    } catch (err) {
      failures++;
      console.error(`  ${path.basename(file)}: ${(err as Error).message}`);
      continue;
    }
    if (n >= warmup && !outcome.cached) {
      seconds.push((performance.now() - started) / 1000);
      slow.push({
        file,
        seconds: seconds.at(-1)!,
        timings: outcome.timings,
        looks: outcome.secondLooks ?? [],
      });
    }
    for (const look of outcome.secondLooks ?? []) {
      const key = `${look.kind} ${look.outcome}`;
      secondLooks.set(key, (secondLooks.get(key) ?? 0) + 1);
    }
    const { parsed } = outcome;
    if (parsed.checks.itemsMatchTotal) addUp++;
    const strategy = parsed.totalStrategy ?? 'none (no total)';
    const tally = strategies.get(strategy) ?? { decided: 0, scored: 0, right: 0 };
    strategies.set(strategy, tally);
    tally.decided++;
    const text = squash(outcome.boxes.map((b) => b.text).join(' '));
    if (label.items) {
      const unpaired = (label.unpaired_prices ?? [])
        .map((u) => u.price_value)
        .filter((v): v is number => Number.isFinite(v));
      const s = scoreItems(parsed.items, label.items, unpaired);
      const plain = scoreItems(parsed.items, label.items);
      strict = { right: strict.right + plain.right, found: strict.found + plain.found };
      const labelItems = label.items.filter((i) => typeof i.price_value === 'number');
      right += s.right;
      named += s.named;
      foundItems += s.found;
      truthItems += s.truth;
      const labelSum = labelItems.reduce((sum, t) => sum + pence(t.price_value!), 0);
      const labelTotals = (
        typeof label.total === 'string'
          ? [Number(label.total)]
          : (label.total ?? []).map((t) => t.value)
      ).filter((v): v is number => Number.isFinite(v));
      if (labelItems.length && labelTotals.some((v) => pence(v) === labelSum)) {
        consistent = {
          receipts: consistent.receipts + 1,
          right: consistent.right + s.right,
          found: consistent.found + s.found,
          truth: consistent.truth + s.truth,
        };
      }
      for (const t of labelItems) {
        if (text.includes(squash(t.price_value!.toFixed(2)))) pricesInText++;
      }
    }
    const totalCandidates: (number | null)[] =
      typeof label.total === 'string'
        ? [Number(label.total)]
        : (label.total ?? []).map((t) => t.value);
    // Some labels hold a total entry without a value: not scored.
    const totalValues = totalCandidates.filter((v): v is number => Number.isFinite(v));
    if (totalValues.length) {
      totals++;
      tally.scored++;
      const found =
        parsed.totalPence !== null && totalValues.some((v) => pence(v) === parsed.totalPence);
      const inText = totalValues.some((v) => text.includes(squash(v.toFixed(2))));
      if (found) {
        totalsFound++;
        tally.right++;
        const lines = buildLines(outcome.boxes).map((l) => l.text);
        for (const g of garbled) g.add(lines, parsed.totalPence!);
      }
      if (inText) totalsInText++;
      if (inText && !found) missedInText.set(strategy, (missedInText.get(strategy) ?? 0) + 1);
    }
    const storeNames = label.store_name_parts ?? (label.company ? [label.company] : []);
    if (storeNames.length) {
      stores++;
      const name = parsed.establishmentName ?? '';
      if (name && storeNames.some((s) => namesMatch(name, s))) storesFound++;
    }
  }
  const precision = foundItems ? right / foundItems : 0;
  const recall = truthItems ? right / truthItems : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
  console.log(`\n${set.name}: ${files.length} images${failures ? `, ${failures} failed` : ''}`);
  console.log(
    `  seconds/image after warm-up: median ${quantile(seconds, 0.5).toFixed(2)}, p95 ${quantile(seconds, 0.95).toFixed(2)}`,
  );
  console.log(`  peak RSS: ${(peakRss / 1024 ** 3).toFixed(2)} GB`);
  if (slowest > 0) {
    slow.sort((a, b) => b.seconds - a.seconds);
    for (const { file, seconds: s, timings: t, looks } of slow.slice(0, slowest)) {
      const second = looks.map((l) => `, ${l.kind} look ${l.outcome}`).join('');
      console.log(
        `    ${s.toFixed(2)} s ${path.basename(file)}${t ? ` (image ${t.imageMs} ms, queue ${t.queueMs}, OCR ${t.ocrMs}, parse ${t.parseMs}${second})` : ''}`,
      );
    }
  }
  if (secondLooks.size) {
    const counts = [...secondLooks].sort(([a], [b]) => a.localeCompare(b));
    console.log(`  second looks: ${counts.map(([key, n]) => `${key} ${n}`).join(', ')}`);
  }
  if (truthItems) {
    console.log(
      `  items: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, F1 ${f1.toFixed(3)} (${right}/${truthItems} right, ${foundItems} read)`,
    );
    const sp = strict.found ? strict.right / strict.found : 0;
    console.log(
      `  items, counting a read at an unpaired labelled price as wrong: precision ${sp.toFixed(3)}, F1 ${(sp + recall ? (2 * sp * recall) / (sp + recall) : 0).toFixed(3)} (${strict.found} read)`,
    );
    console.log(
      `  items right and named with the label's very letters and digits: ${pct(named, right)}`,
    );
    console.log(`  OCR text holds ${pct(pricesInText, truthItems)} of item prices`);
    const p = consistent.found ? consistent.right / consistent.found : 0;
    const r = consistent.truth ? consistent.right / consistent.truth : 0;
    console.log(
      `  items, on the ${consistent.receipts} receipts whose labelled items add up to their labelled total: precision ${p.toFixed(3)}, recall ${r.toFixed(3)}, F1 ${(p + r ? (2 * p * r) / (p + r) : 0).toFixed(3)}`,
    );
  }
  console.log(
    `  items add up to the printed subtotal or total: ${pct(addUp, files.length - failures)}`,
  );
  if (totals) {
    console.log(
      `  total found: ${pct(totalsFound, totals)} (in OCR text: ${pct(totalsInText, totals)})`,
    );
  }
  if (stores) console.log(`  establishment found: ${pct(storesFound, stores)}`);
  console.log(
    `  total decided by (right of those labelled): ${[...strategies]
      .sort((a, b) => b[1].decided - a[1].decided)
      .map(([name, n]) => `${name} ${n.decided}${n.scored ? ` (${n.right}/${n.scored})` : ''}`)
      .join(', ')}`,
  );
  for (const g of garbled) {
    if (g.tried === 0) continue;
    console.log(
      `  totals read right still found with the words of every ${g.kinds.join(' and ')} line garbled: ${pct(g.found, g.tried)} (${g.found}/${g.tried})`,
    );
  }
  if (missedInText.size > 0) {
    console.log(
      `  totals missed that the OCR text holds, by strategy: ${[...missedInText]
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
    );
  }
  const p = consistent.found ? consistent.right / consistent.found : 0;
  const r = consistent.truth ? consistent.right / consistent.truth : 0;
  const sp = strict.found ? strict.right / strict.found : 0;
  const f = (x: number) => x.toFixed(3);
  summary.push({
    set: `${set.name} (${files.length})`,
    f1: truthItems ? f(f1) : 'n/a',
    strict: truthItems ? f(sp + recall ? (2 * sp * recall) / (sp + recall) : 0) : 'n/a',
    consistent: consistent.receipts
      ? `${f(p + r ? (2 * p * r) / (p + r) : 0)} (${consistent.receipts})`
      : 'n/a',
    total: totals ? pct(totalsFound, totals) : 'n/a',
    named: truthItems ? pct(named, right) : 'n/a',
    median: seconds.length ? quantile(seconds, 0.5).toFixed(2) : 'cached',
    p95: seconds.length ? quantile(seconds, 0.95).toFixed(2) : 'cached',
    rss: (peakRss / 1024 ** 3).toFixed(2),
  });
}
// Every set side by side, as the README's table shows them.
console.log(
  '\n| set | item F1 (decision 008) | F1 strict | F1 where the labels add up | total found | named exactly | median s | p95 s | peak RSS GB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of summary) {
  console.log(
    `| ${row.set} | ${row.f1} | ${row.strict} | ${row.consistent} | ${row.total} | ${row.named} | ${row.median} | ${row.p95} | ${row.rss} |`,
  );
}
const regexes = regexCount();
console.log(
  `\nregular expressions under src/domain/receipt/ (literals and new RegExp, tests aside): ${regexes.total} (${Object.entries(
    regexes.byFile,
  )
    .map(([file, n]) => `${file} ${n}`)
    .join(', ')})`,
);
clearInterval(sampler);
if (ablation) {
  console.log('');
  ablate(
    sets.map((set) => ({
      name: set.name,
      files: set.files.slice(0, limit).filter((f) => fs.existsSync(keptBoxes(f))),
    })),
    keptBoxes,
  );
}
if (pool) {
  await pool.close();
  console.log(`\none 240 px line (PP-OCRv4, one thread) as the run ends: ${await lineSpeed()}`);
}
