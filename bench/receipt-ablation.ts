// What each rule and score term of the receipt parser is worth: every set read again from its kept
// OCR boxes with one switched off at a time (src/domain/receipt/switches.ts), the items and totals
// it gains and loses against the reading with everything on. A rule earns its place by what it
// gains on more than one set and more than two photos; one that does not goes, or becomes part of
// a general one (issue 53).
import fs from 'node:fs';
import { parseReceipt } from '../src/domain/receipt/parse-receipt';
import { SWITCHES } from '../src/domain/receipt/registry';
import { withSwitchedOff } from '../src/domain/receipt/switches';
import type { OcrBox } from '../src/domain/receipt/types';
import { pence, scoreItems, type LabelItem } from './receipt-score';

interface Photo {
  boxes: OcrBox[];
  items: LabelItem[] | null;
  unpaired: number[];
  totals: number[];
}

/**
 * Per photo: items right and of them named with the label's very letters (null when unlabelled),
 * and whether the total is right (null likewise).
 */
function readAll(
  photos: readonly Photo[],
): { items: number | null; named: number | null; total: boolean | null }[] {
  return photos.map((p) => {
    const parsed = parseReceipt(p.boxes);
    const scored = p.items ? scoreItems(parsed.items, p.items, p.unpaired) : null;
    return {
      items: scored?.right ?? null,
      named: scored?.named ?? null,
      total: p.totals.length
        ? parsed.totalPence !== null && p.totals.includes(parsed.totalPence)
        : null,
    };
  });
}

function load(files: readonly string[], kept: (file: string) => string): Photo[] {
  return files.map((file) => {
    const labelFile = file.replace(/\.[^.]+$/, '.json');
    const label = fs.existsSync(labelFile) ? JSON.parse(fs.readFileSync(labelFile, 'utf8')) : {};
    const totals = (
      typeof label.total === 'string'
        ? [Number(label.total)]
        : ((label.total ?? []) as { value: number | null }[]).map((t) => t.value)
    ).filter((v): v is number => Number.isFinite(v));
    return {
      boxes: JSON.parse(fs.readFileSync(kept(file), 'utf8')) as OcrBox[],
      items: label.items ?? null,
      unpaired: ((label.unpaired_prices ?? []) as { price_value: number | null }[])
        .map((u) => u.price_value)
        .filter((v): v is number => Number.isFinite(v)),
      totals: totals.map(pence),
    };
  });
}

type Reading = ReturnType<typeof readAll>;

/** What a set loses and gains read with some switches off, against the reading with all on. */
function difference(baseline: Reading, off: Reading) {
  const d = { itemsLost: 0, itemsGained: 0, namedLost: 0, namedGained: 0 };
  let totalsLost = 0;
  let totalsGained = 0;
  let photos = 0;
  for (const [i, was] of baseline.entries()) {
    const now = off[i]!;
    const items = (now.items ?? 0) - (was.items ?? 0);
    if (items < 0) d.itemsLost -= items;
    if (items > 0) d.itemsGained += items;
    const named = (now.named ?? 0) - (was.named ?? 0);
    if (named < 0) d.namedLost -= named;
    if (named > 0) d.namedGained += named;
    if (was.total === true && now.total === false) totalsLost++;
    if (was.total === false && now.total === true) totalsGained++;
    if (items < 0 || named < 0 || (was.total === true && now.total === false)) photos++;
  }
  const { itemsLost, itemsGained, namedLost, namedGained } = d;
  const lost = itemsLost + namedLost + totalsLost;
  const gained = itemsGained + namedGained + totalsGained;
  return {
    net: lost - gained,
    photos,
    cell:
      lost + gained === 0
        ? '·'
        : `items -${itemsLost} +${itemsGained}, named -${namedLost} +${namedGained}, totals -${totalsLost} +${totalsGained} (${photos})`,
  };
}

/**
 * Prints the ablation table: one row a switch, per set what is lost and gained without it: items
 * right, items named exactly (a rule of names earns there, not in the items right), totals right;
 * and on how many photos anything was lost. Then the same with every switch marked "goes" off at
 * once: rules that stand in for one another each earn little alone, and much together.
 */
export function ablate(
  sets: readonly { name: string; files: readonly string[] }[],
  kept: (file: string) => string,
): void {
  const loaded = sets.map((s) => ({ name: s.name, photos: load(s.files, kept) }));
  const baseline = loaded.map((s) => readAll(s.photos));
  console.log(
    'Ablation: each rule or score term switched off in turn; per set, what the parser loses (-) and gains (+) without it: items right, items named exactly, totals right (photos that lose). "goes": it earns on one set or fewer, or on two photos or fewer.',
  );
  console.log(`| switched off | ${loaded.map((s) => s.name).join(' | ')} | verdict |`);
  console.log(`| --- | ${loaded.map(() => '---').join(' | ')} | --- |`);
  const goes: string[] = [];
  for (const { name, kind } of SWITCHES) {
    const cells: string[] = [];
    let setsEarned = 0;
    let photosEarned = 0;
    for (const [k, set] of loaded.entries()) {
      const off = difference(
        baseline[k]!,
        withSwitchedOff([name], () => readAll(set.photos)),
      );
      if (off.net > 0) setsEarned++;
      photosEarned += off.photos;
      cells.push(off.cell);
    }
    const verdict = setsEarned >= 2 && photosEarned > 2 ? 'keep' : 'goes';
    if (verdict === 'goes') goes.push(name);
    console.log(`| ${kind} '${name}' | ${cells.join(' | ')} | ${verdict} |`);
  }
  const together = loaded.map(
    (set, k) =>
      difference(
        baseline[k]!,
        withSwitchedOff(goes, () => readAll(set.photos)),
      ).cell,
  );
  console.log(`| the ${goes.length} marked "goes", all at once | ${together.join(' | ')} | |`);
}
