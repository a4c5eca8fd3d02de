// Prints how fast splitBill runs on a large, realistic bill. Figures only: never a pass/fail on time.
// Run: npx tsx bench/split.ts
import { splitBill, type SplitInput } from '../src/domain/split';

const PEOPLE = 12;
const ITEMS = 40;

// Deterministic pseudo-random numbers (LCG), so every run measures the same bill.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const participants = Array.from({ length: PEOPLE }, (_, i) => ({
  id: `p${i}`,
  name: `Person ${i}`,
}));
const input: SplitInput = {
  participants,
  items: Array.from({ length: ITEMS }, (_, i) => {
    const equally = i % 10 === 9;
    const assignees = participants.filter(() => random() < 0.35);
    const chosen = assignees.length > 0 ? assignees : [participants[i % PEOPLE]!];
    return {
      name: `Item ${i}`,
      amountPence: i % 13 === 12 ? -Math.round(random() * 500) : 100 + Math.round(random() * 4_900),
      splitMode: equally ? 'equally' : 'manual',
      assignments: equally
        ? []
        : chosen.map((p) => ({
            participantId: p.id,
            portions: (1 + Math.floor(random() * 6)) / 2,
          })),
    };
  }),
  tipPercent: 12.5,
  serviceChargePence: 1_850,
  mode: 'byItem',
};

function measure(label: string, bill: SplitInput): void {
  let sink = 0;
  const run = (iterations: number) => {
    for (let i = 0; i < iterations; i++) sink += splitBill(bill).total;
  };
  run(2_000); // warm-up: let the JIT settle
  let iterations = 0;
  const start = process.hrtime.bigint();
  let elapsedNs = 0n;
  while (elapsedNs < 2_000_000_000n) {
    run(500);
    iterations += 500;
    elapsedNs = process.hrtime.bigint() - start;
  }
  const seconds = Number(elapsedNs) / 1e9;
  const opsPerSecond = iterations / seconds;
  console.log(
    `${label}: ${Math.round(opsPerSecond).toLocaleString('en-GB')} splits/s, ` +
      `${((seconds / iterations) * 1e6).toFixed(1)} µs per split (${iterations} splits, sink ${sink % 10})`,
  );
}

console.log(`splitBill, ${ITEMS} items x ${PEOPLE} people with portions, Node ${process.version}`);
measure('byItem', input);
measure('equal ', { ...input, mode: 'equal' });
