import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { receiptReadingSchema } from '../../../contracts/receipts';
import { parseReceipt, parseReceiptText } from '../../../domain/receipt/parse-receipt';
import type { OcrBox } from '../../../domain/receipt/types';
import { boxesOfLines as boxesOf } from '../../../testing/ocr-boxes';
import { busy, type LookOptions, type OcrPool } from '../../adapters/ocr/pool';
import type * as imageStage from './image';
import { MAX_SIDE, normaliseReceiptImage } from './image';
import {
  betterReading,
  CLOSER_LOOK_BUDGET_MS,
  CLOSER_LOOK_SIDE,
  scanReceipt,
  SHARPER_LOOK_SIDE,
  toReading,
} from './pipeline';

// The image stage as it is, watched: which sizes a scan decodes the photo at.
vi.mock('./image', async (original) => {
  const image = await original<typeof imageStage>();
  return { ...image, normaliseReceiptImage: vi.fn(image.normaliseReceiptImage) };
});

// The tea misread: the items come to 4.00 against a total of 5.00.
const MISREAD = boxesOf(['Coke 2.50', 'Tea 1.50', 'TOTAL 5.00']);
const READ_RIGHT = boxesOf(['Coke 2.50', 'Tea 2.50', 'TOTAL 5.00']);
const STILL_WRONG = boxesOf(['Coke 2.50', 'Tea 1.60', 'TOTAL 5.00']);

/** An OCR pool that gives `first` to a plain look and `closer` (or its failure) to a magnified one. */
function fakeOcr(first: OcrBox[], closer: OcrBox[] | Error, firstOcrMs = 100) {
  const looks: LookOptions[] = [];
  const pool: OcrPool = {
    async recognize(_image, look = {}) {
      looks.push(look);
      if (!look.magnifyTo) return { boxes: first, ocrMs: firstOcrMs, queueMs: 0 };
      if (closer instanceof Error) throw closer;
      return { boxes: closer, ocrMs: 200, queueMs: 0 };
    },
    warmUp: async () => {},
    close: async () => {},
  };
  return { pool, looks };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();

describe('scanReceipt: a closer look at a small photo that does not add up', () => {
  it('reads it again enlarged and keeps that reading when its items add up', async () => {
    const { pool, looks } = fakeOcr(MISREAD, READ_RIGHT);
    const outcome = await scanReceipt(await photo(300, 400), pool);
    expect(looks).toEqual([
      {},
      { magnifyTo: CLOSER_LOOK_SIDE, ifIdle: true, deadlineMs: expect.any(Number) },
    ]);
    // it may only run for what is left of the scan's budget
    expect(looks[1]!.deadlineMs).toBeGreaterThan(0);
    expect(looks[1]!.deadlineMs).toBeLessThanOrEqual(CLOSER_LOOK_BUDGET_MS);
    expect(outcome.parsed.items.map((i) => i.amountPence)).toEqual([250, 250]);
    expect(outcome.parsed.checks.itemsMatchTotal).toBe(true);
    expect(outcome.boxes).toBe(READ_RIGHT);
    // both looks are counted in the OCR stage's time
    expect(outcome.timings.ocrMs).toBe(300);
    expect(outcome.secondLooks).toEqual([{ kind: 'closer', outcome: 'kept' }]);
  });

  it('keeps the first reading when the closer look adds up no better', async () => {
    const { pool, looks } = fakeOcr(MISREAD, STILL_WRONG);
    const outcome = await scanReceipt(await photo(300, 400), pool);
    expect(looks).toHaveLength(2);
    expect(outcome.parsed.items.map((i) => i.amountPence)).toEqual([250, 150]);
    expect(outcome.boxes).toBe(MISREAD);
    expect(outcome.secondLooks).toEqual([{ kind: 'closer', outcome: 'not kept' }]);
  });

  it('keeps the first reading when the closer look cannot be had', async () => {
    const { pool, looks } = fakeOcr(MISREAD, busy());
    const outcome = await scanReceipt(await photo(300, 400), pool);
    expect(looks).toHaveLength(2);
    expect(outcome.parsed.items.map((i) => i.amountPence)).toEqual([250, 150]);
    expect(outcome.secondLooks).toEqual([{ kind: 'closer', outcome: 'not had' }]);
  });

  it('looks once when the first look took too long for a second within the budget', async () => {
    const { pool, looks } = fakeOcr(MISREAD, READ_RIGHT, CLOSER_LOOK_BUDGET_MS / 2);
    const outcome = await scanReceipt(await photo(300, 400), pool);
    expect(looks).toEqual([{}]);
    expect(outcome.parsed.items.map((i) => i.amountPence)).toEqual([250, 150]);
    expect(outcome.secondLooks).toEqual([{ kind: 'closer', outcome: 'not had' }]);
  });

  it('looks once at a photo whose items add up', async () => {
    const { pool, looks } = fakeOcr(READ_RIGHT, STILL_WRONG);
    const outcome = await scanReceipt(await photo(300, 400), pool);
    expect(looks).toEqual([{}]);
    expect(outcome.parsed.checks.itemsMatchTotal).toBe(true);
    expect(outcome.secondLooks).toEqual([]);
  });

  it('looks once when the caller turns the closer look off (the bench, to measure it)', async () => {
    const { pool, looks } = fakeOcr(MISREAD, READ_RIGHT);
    const outcome = await scanReceipt(await photo(300, 400), pool, { closerLook: false });
    expect(looks).toEqual([{}]);
    expect(outcome.secondLooks).toEqual([]);
  });

  it('looks once at a photo already as large as the closer look', async () => {
    const { pool, looks } = fakeOcr(MISREAD, READ_RIGHT);
    const outcome = await scanReceipt(await photo(720, CLOSER_LOOK_SIDE), pool);
    expect(looks).toEqual([{}]);
    expect(outcome.parsed.items.map((i) => i.amountPence)).toEqual([250, 150]);
  });
});

/** An OCR pool that answers its looks in turn, noting the longest side of each image it is given. */
function lookInTurn(...readings: OcrBox[][]) {
  return lookInTurnCropped(true, ...readings);
}
function lookInTurnCropped(paperCropped: boolean, ...readings: OcrBox[][]) {
  return lookInTurnTaking(100, paperCropped, ...readings);
}
function lookInTurnTaking(ocrMs: number, paperCropped: boolean, ...readings: OcrBox[][]) {
  const sides: number[] = [];
  const pool: OcrPool = {
    async recognize(image) {
      const { width = 0, height = 0 } = await sharp(image).metadata();
      sides.push(Math.max(width, height));
      return { boxes: readings[sides.length - 1]!, ocrMs, queueMs: 0, paperCropped };
    },
    warmUp: async () => {},
    close: async () => {},
  };
  return { pool, sides };
}

const WORSE = boxesOf(['Coke 2.50', 'TOTAL 5.00']);

describe('scanReceipt: a sharper look at a large photo that does not add up', () => {
  it('reads it again from more of its own pixels and keeps that reading when it adds up', async () => {
    const { pool, sides } = lookInTurn(MISREAD, READ_RIGHT);
    const outcome = await scanReceipt(await photo(3000, 4500), pool);
    expect(sides).toEqual([MAX_SIDE, SHARPER_LOOK_SIDE]);
    expect(outcome.boxes).toBe(READ_RIGHT);
    // the stored image stays the 2000 px one
    expect(Math.max(outcome.image.width, outcome.image.height)).toBe(MAX_SIDE);
    expect(outcome.image.sourceSide).toBe(4500);
    expect(outcome.secondLooks).toEqual([{ kind: 'sharper', outcome: 'kept' }]);
  });

  it('keeps the first reading when the sharper one comes no nearer the total', async () => {
    const { pool, sides } = lookInTurn(MISREAD, WORSE);
    const outcome = await scanReceipt(await photo(3000, 4500), pool);
    expect(sides).toHaveLength(2);
    expect(outcome.boxes).toBe(MISREAD);
    expect(outcome.secondLooks).toEqual([{ kind: 'sharper', outcome: 'not kept' }]);
  });

  it('looks once at a photo that had no more pixels than the stored one, or adds up', async () => {
    const small = lookInTurn(MISREAD, READ_RIGHT);
    await scanReceipt(await photo(1500, MAX_SIDE), small.pool);
    expect(small.sides).toEqual([MAX_SIDE]);
    const right = lookInTurn(READ_RIGHT, MISREAD);
    await scanReceipt(await photo(3000, 4500), right.pool);
    expect(right.sides).toEqual([MAX_SIDE]);
    // a close-up (the paper not small in its frame) has nothing to gain from more pixels
    const closeUp = lookInTurnCropped(false, MISREAD, READ_RIGHT);
    await scanReceipt(await photo(3000, 4500), closeUp.pool);
    expect(closeUp.sides).toEqual([MAX_SIDE]);
    const off = lookInTurn(MISREAD, READ_RIGHT);
    await scanReceipt(await photo(3000, 4500), off.pool, { sharperLook: false });
    expect(off.sides).toEqual([MAX_SIDE]);
  });

  it('does not decode the photo again when the first look left no time for a second', async () => {
    const decode = vi.mocked(normaliseReceiptImage);
    decode.mockClear();
    const slow = lookInTurnTaking(CLOSER_LOOK_BUDGET_MS / 2, true, MISREAD, READ_RIGHT);
    const outcome = await scanReceipt(await photo(3000, 4500), slow.pool);
    expect(slow.sides).toEqual([MAX_SIDE]);
    expect(outcome.boxes).toBe(MISREAD);
    expect(outcome.secondLooks).toEqual([{ kind: 'sharper', outcome: 'not had' }]);
    // one decode, at the stored size: none at SHARPER_LOOK_SIDE for a look that cannot be had
    expect(decode.mock.calls).toHaveLength(1);
    expect(decode.mock.calls[0]![1]).toBeUndefined();
    // with the time, the same photo is decoded again for the sharper look
    decode.mockClear();
    const quick = lookInTurn(MISREAD, READ_RIGHT);
    await scanReceipt(await photo(3000, 4500), quick.pool);
    expect(decode.mock.calls.map((call) => call[1])).toEqual([
      undefined,
      { maxSide: SHARPER_LOOK_SIDE },
    ]);
  });
});

describe("betterReading: the receipt's own sums choose", () => {
  const read = (lines: string[]) => parseReceiptText(lines);
  it('one that adds up beats one that does not, either way round', () => {
    expect(
      betterReading(
        read(['Coke 2.50', 'Tea 2.50', 'TOTAL 5.00']),
        read(['Coke 2.50', 'TOTAL 5.00']),
      ),
    ).toBe(true);
    expect(
      betterReading(
        read(['Coke 2.50', 'TOTAL 5.00']),
        read(['Coke 2.50', 'Tea 2.50', 'TOTAL 5.00']),
      ),
    ).toBe(false);
  });
  it('one that found a total beats one that found none; else the nearer total wins', () => {
    expect(betterReading(read(['Coke 2.50', 'TOTAL 5.00']), read(['Coke 2.50', 'Tea 1.50']))).toBe(
      true,
    );
    expect(
      betterReading(
        read(['Coke 2.50', 'Tea 1.60', 'TOTAL 5.00']),
        read(['Coke 2.50', 'Tea 1.50', 'TOTAL 5.00']),
      ),
    ).toBe(true);
    expect(
      betterReading(
        read(['Coke 2.50', 'TOTAL 5.00']),
        read(['Coke 2.50', 'Tea 1.50', 'TOTAL 5.00']),
      ),
    ).toBe(false);
  });
});

describe('toReading', () => {
  const timings = { imageMs: 0, queueMs: 0, ocrMs: 0, parseMs: 0, totalMs: 0 };

  it('says which items the reading is unsure of: a pairing below UNSURE_PAIRING', () => {
    const parsed = parseReceiptText(
      ['Coke 2.50', 'Tea 1.50', 'Cake 3.00', 'TOTAL 7.00'],
      [1, 0.2, 0.6],
    );
    const reading = toReading('r', { parsed, timings });
    const sure = { unsure: false, unsureWhy: [], box: null, quantity: null, note: null };
    expect(reading.items).toEqual([
      { name: 'Coke', amount: '2.50', ...sure },
      {
        name: 'Tea',
        amount: '1.50',
        unsure: true,
        unsureWhy: ['between rows'],
        box: null,
        quantity: null,
        note: null,
      },
      { name: 'Cake', amount: '3.00', ...sure },
    ]);
    // Name and price read together (no pairing): sure.
    const together = toReading('r', { parsed: parseReceiptText(['Tea 1.50']), timings });
    expect(together.items).toEqual([{ name: 'Tea', amount: '1.50', ...sure }]);
    expect(receiptReadingSchema.parse(reading).items[1]!.unsure).toBe(true);
  });

  it('says how many a line was for when it printed a count, for the editor to share out', () => {
    const parsed = parseReceiptText([
      'Garlic Bread (2) 7.00',
      'Coke 2 x 3.00 6.00',
      'Tea 1.50',
      'TOTAL 14.50',
    ]);
    const reading = receiptReadingSchema.parse(toReading('r', { parsed, timings }));
    expect(reading.items.map(({ name, amount, quantity }) => ({ name, amount, quantity }))).toEqual(
      [
        { name: 'Garlic Bread', amount: '7.00', quantity: 2 },
        { name: 'Coke', amount: '6.00', quantity: 2 },
        { name: 'Tea', amount: '1.50', quantity: null },
      ],
    );
  });

  it('carries how an item was ordered, from the lines at no cost under it, as its note', () => {
    const parsed = parseReceiptText([
      'Burger 9.50',
      'NO ONION 0.00',
      'MEDIUM 0.00',
      'Cola 2.50',
      'TOTAL 12.00',
    ]);
    const reading = receiptReadingSchema.parse(toReading('r', { parsed, timings }));
    expect(reading.items.map(({ name, amount, note }) => ({ name, amount, note }))).toEqual([
      { name: 'Burger', amount: '9.50', note: 'NO ONION, MEDIUM' },
      { name: 'Cola', amount: '2.50', note: null },
    ]);
  });

  it("puts each item's box and the lines no item used on the photo, as fractions of it", () => {
    // Boxes of lines 30 px apart from y = 10, 10 to 300 px across (boxesOf); the OCR read a page
    // cropped from (100, 50) of a 1000 x 2000 photo and enlarged twice.
    const parsed = parseReceipt(boxesOf(['Tea 2.00', 'Scone 3.00', 'Jam 0.50', 'SUBTOTAL 5.00']));
    const placement = {
      frame: [
        { kind: 'crop' as const, x: 100, y: 50 },
        { kind: 'scale' as const, x: 2, y: 2 },
      ],
      width: 1000,
      height: 2000,
    };
    const reading = toReading('r', { parsed, timings, placement });
    // Tea: page (10, 10)-(300, 30) is the photo's (105, 55)-(250, 65).
    expect(reading.items[0]!.box).toEqual({
      x: 0.105,
      y: 0.0275,
      width: 0.145,
      height: 0.005,
      angle: 0,
    });
    expect(reading.unusedLines).toEqual([
      {
        text: 'Jam 0.50',
        name: 'Jam',
        amount: '0.50',
        box: { x: 0.105, y: 0.0425, width: 0.145, height: 0.005, angle: 0 },
      },
    ]);
    // A reading stored before these fields still reads, with none.
    const { unusedLines: _none, ...old } = reading;
    const oldItems = old.items.map(({ name, amount, unsure }) => ({ name, amount, unsure }));
    const again = receiptReadingSchema.parse({ ...old, items: oldItems });
    expect(again.unusedLines).toEqual([]);
    expect(again.items[0]).toEqual({ name: 'Tea', amount: '2.00', ...noBox });
  });
});

const noBox = { unsure: false, unsureWhy: [], box: null, quantity: null, note: null };
