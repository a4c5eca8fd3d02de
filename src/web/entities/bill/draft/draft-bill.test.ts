import { describe, expect, it, vi } from 'vitest';
import { splitBill, type SplitInput } from '../../../../domain/split';
import { summaryFromSplit } from '../model/summary-data';
import {
  clearParticipantNames,
  forgetEditedBill,
  forgetSplit,
  isUntouchedDraft,
  loadEditedBill,
  loadParkedDraft,
  loadParticipantNames,
  loadSummary,
  loadUnsavedDraft,
  loadWorkingBill,
  renameDraft,
  saveEditedBill,
  saveParticipantNames,
  saveSummary,
  saveWorkingBill,
  scanSlotStorage,
  startFreshDraft,
  summaryClientKey,
  takeBackParkedDraft,
} from './draft-bill';
import { EMPTY_DRAFT, parseStoredDraft, type DraftBill } from './schema';
import { createDraftStore, DRAFT_STORAGE_KEY, OLD_DRAFT_KEYS, type KeyValueStorage } from './store';

function mapStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  const storage: KeyValueStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
  return { map, storage };
}

/** A bill as a fresh editor makes it: the two sample items, nobody else, no tip. */
function sampleBill(over: Partial<DraftBill> = {}): DraftBill {
  return {
    billName: 'Misc. Bill',
    participants: [{ id: 'me', name: 'Morgan' }],
    items: [
      { id: 'i1', name: 'French Fries', amountPence: 499, splitMode: 'manual', assignments: [] },
      { id: 'i2', name: 'Red Wine', amountPence: 2200, splitMode: 'manual', assignments: [] },
    ],
    tipPercent: 0,
    serviceChargePence: 0,
    taxPence: 0,
    mode: 'byItem',
    ...over,
  };
}

/** A bill someone has worked on: a friend, a typed price, a tip. */
function touchedBill(name = 'Dishoom'): DraftBill {
  return sampleBill({
    billName: name,
    participants: [
      { id: 'me', name: 'Morgan' },
      { id: 'a', name: 'Alex' },
    ],
    items: [
      {
        id: 'i1',
        name: 'Lamb Shank',
        amountPence: 1895,
        amountText: '18.95',
        splitMode: 'manual',
        assignments: [{ participantId: 'a', portions: 1.5 }],
      },
    ],
    tipPercent: 12.5,
    serviceChargePence: 250,
  });
}

const stored = (value: unknown) => JSON.stringify(value);

describe('the stored draft', () => {
  it('reads back what was stored, in pence, after a JSON round trip', () => {
    const draft = { ...EMPTY_DRAFT, working: touchedBill(), participantNames: ['Morgan', 'Alex'] };
    expect(parseStoredDraft(stored(draft))).toEqual(draft);
  });

  it('gives a bill stored without taxPence a tax of 0 (the field came later)', () => {
    const { taxPence: _tax, ...noTax } = touchedBill();
    expect(parseStoredDraft(stored({ ...EMPTY_DRAFT, working: noTax })).working?.taxPence).toBe(0);
  });

  it('drops a draft it cannot read, whole, for the empty one', () => {
    const bill = touchedBill();
    const refused: unknown[] = [
      '{not json',
      'null',
      '[]',
      stored({ ...EMPTY_DRAFT, version: 2 }),
      stored({ ...EMPTY_DRAFT, version: undefined }),
      // pounds where pence belong, a fraction of a penny, pounds as text (the old editor's shape)
      stored({ ...EMPTY_DRAFT, working: { ...bill, serviceChargePence: 2.5 } }),
      stored({
        ...EMPTY_DRAFT,
        working: { ...bill, items: [{ ...bill.items[0], amountPence: 18.955 }] },
      }),
      stored({
        ...EMPTY_DRAFT,
        working: { ...bill, items: [{ ...bill.items[0], amountPence: '18.95' }] },
      }),
      stored({ ...EMPTY_DRAFT, working: { ...bill, taxPence: Number.MAX_SAFE_INTEGER + 2 } }),
      // an assignment to someone not on the bill, a portion the split cannot take
      stored({
        ...EMPTY_DRAFT,
        working: {
          ...bill,
          items: [{ ...bill.items[0], assignments: [{ participantId: 'x', portions: 1 }] }],
        },
      }),
      stored({
        ...EMPTY_DRAFT,
        working: {
          ...bill,
          items: [{ ...bill.items[0], assignments: [{ participantId: 'a', portions: 0.3 }] }],
        },
      }),
      stored({ ...EMPTY_DRAFT, summary: { billName: 'Dishoom', total: 100 } }),
      stored({ ...EMPTY_DRAFT, participantNames: [1, 2] }),
      stored({ ...EMPTY_DRAFT, clientKey: '' }),
    ];
    for (const raw of refused)
      expect(parseStoredDraft(raw as string), String(raw)).toBe(EMPTY_DRAFT);
    expect(parseStoredDraft(null)).toBe(EMPTY_DRAFT);
  });

  it('keeps the bill when the scan slot holds something the reading cannot use', () => {
    // The receipt feature checks its slot itself (an unusable reading is idle there).
    const draft = { ...EMPTY_DRAFT, working: touchedBill(), scan: { status: 'bogus' } };
    expect(parseStoredDraft(stored(draft)).working).toEqual(touchedBill());
  });

  it('adds up in whole pence: no float error between the field and the total', () => {
    const prices = [10, 20, 70, 1, 2]; // 0.10 + 0.20 + 0.70 + 0.01 + 0.02 in pounds floats to 1.0300000000000002
    const bill = sampleBill({
      mode: 'equal',
      items: prices.map((amountPence, i) => ({
        id: `i${i}`,
        name: `Item ${i}`,
        amountPence,
        splitMode: 'manual' as const,
        assignments: [],
      })),
    });
    const back = parseStoredDraft(stored({ ...EMPTY_DRAFT, working: bill })).working!;
    const total = back.items.reduce((sum, item) => sum + item.amountPence, 0);
    expect(total).toBe(103);
    expect(Number.isInteger(total)).toBe(true);
    const input: SplitInput = {
      participants: back.participants,
      items: back.items.map(({ id: _id, ...item }) => item),
      tipPercent: 12.5,
      serviceChargePence: back.serviceChargePence,
      mode: back.mode,
    };
    const summary = summaryFromSplit(back.billName, input, splitBill(input));
    const draft = parseStoredDraft(stored({ ...EMPTY_DRAFT, summary }));
    expect(draft.summary).toEqual(summary);
    expect(draft.summary!.participantAmounts.reduce((sum, p) => sum + p.amount, 0)).toBe(
      draft.summary!.total,
    );
  });
});

describe('the draft store', () => {
  it('keeps everything under one key, and removes the old keys without reading them', () => {
    const old = Object.fromEntries(OLD_DRAFT_KEYS.map((key) => [key, '{"billName":"Old"}']));
    const { map, storage } = mapStorage({ ...old, 'fairshare.splashShown': '1' });
    const store = createDraftStore(storage);
    expect(store.get()).toBe(EMPTY_DRAFT);
    for (const key of OLD_DRAFT_KEYS) expect(map.has(key), key).toBe(false);
    expect(map.get('fairshare.splashShown')).toBe('1'); // not the draft's
    saveWorkingBill(touchedBill(), store);
    saveParticipantNames(['Morgan', 'Alex'], store);
    expect([...map.keys()]).toEqual(['fairshare.splashShown', DRAFT_STORAGE_KEY]);
    expect(JSON.parse(map.get(DRAFT_STORAGE_KEY)!)).toMatchObject({
      version: 1,
      working: { billName: 'Dishoom', taxPence: 0 },
      participantNames: ['Morgan', 'Alex'],
    });
    // A new page (a reload) reads the same draft back.
    expect(loadWorkingBill(createDraftStore(storage))).toEqual(touchedBill());
  });

  it('drops a corrupt stored draft for the empty one, and writes over it on the next change', () => {
    const { map, storage } = mapStorage({
      [DRAFT_STORAGE_KEY]: '{"version":1,"working":{"amount":"4.99"}}',
    });
    const store = createDraftStore(storage);
    expect(loadWorkingBill(store)).toBeNull();
    saveParticipantNames(['Sam'], store);
    expect(parseStoredDraft(map.get(DRAFT_STORAGE_KEY)!).participantNames).toEqual(['Sam']);
  });

  it('notices a draft written to storage behind its back, and keeps one object while unchanged', () => {
    const { map, storage } = mapStorage();
    const store = createDraftStore(storage);
    const first = store.get();
    expect(store.get()).toBe(first);
    map.set(DRAFT_STORAGE_KEY, stored({ ...EMPTY_DRAFT, participantNames: ['Jo'] }));
    expect(loadParticipantNames(store)).toEqual(['Jo']);
  });

  it('tells subscribers of each change, and not of a change that changes nothing', () => {
    const store = createDraftStore(mapStorage().storage);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    clearParticipantNames(store); // already none
    expect(listener).not.toHaveBeenCalled();
    saveParticipantNames(['Jo'], store);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    clearParticipantNames(store);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the draft in memory when storage throws or is missing', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    for (const storage of [broken, null]) {
      const store = createDraftStore(storage);
      saveWorkingBill(touchedBill(), store);
      expect(loadWorkingBill(store)).toEqual(touchedBill());
    }
  });
});

describe('from scan to save', () => {
  it('a scan puts an unsaved bill aside and starts afresh; an untouched one just goes', () => {
    const store = createDraftStore(mapStorage().storage);
    saveWorkingBill(sampleBill(), store);
    expect(isUntouchedDraft(sampleBill())).toBe(true);
    expect(loadUnsavedDraft(store)).toBeNull();
    startFreshDraft(store);
    expect(store.get()).toMatchObject({ working: null, parked: null });

    saveWorkingBill(touchedBill('Dishoom'), store);
    expect(loadUnsavedDraft(store)?.billName).toBe('Dishoom');
    startFreshDraft(store);
    expect(loadWorkingBill(store)).toBeNull();
    expect(loadParkedDraft(store)?.billName).toBe('Dishoom');
    // A second scan of nothing keeps the bill put aside.
    startFreshDraft(store);
    expect(loadParkedDraft(store)?.billName).toBe('Dishoom');
  });

  it('taking a bill back puts the one in the editor aside in its place', () => {
    const store = createDraftStore(mapStorage().storage);
    saveWorkingBill(touchedBill('Dishoom'), store);
    startFreshDraft(store);
    saveWorkingBill(touchedBill('Busaba'), store);
    expect(takeBackParkedDraft(loadWorkingBill(store), store)?.billName).toBe('Dishoom');
    expect(loadWorkingBill(store)?.billName).toBe('Dishoom');
    expect(loadParkedDraft(store)?.billName).toBe('Busaba');
    expect(takeBackParkedDraft(sampleBill(), store)?.billName).toBe('Busaba');
    expect(loadParkedDraft(store)).toBeNull();
    expect(takeBackParkedDraft(null, store)).toBeNull();
  });

  it('the summary keeps one client key, takes a new name with the editor, and goes on save', () => {
    const store = createDraftStore(mapStorage().storage);
    const bill = touchedBill('CatfeNero');
    saveWorkingBill(bill, store);
    saveParticipantNames(['Morgan', 'Alex'], store);
    const input: SplitInput = { ...bill, items: bill.items.map(({ id: _id, ...item }) => item) };
    saveSummary(summaryFromSplit(bill.billName, input, splitBill(input)), store);
    const key = summaryClientKey(store);
    expect(summaryClientKey(store)).toBe(key);
    renameDraft('Caffè Nero', store);
    expect(loadSummary(store)?.billName).toBe('Caffè Nero');
    expect(loadWorkingBill(store)?.billName).toBe('Caffè Nero');

    startFreshDraft(store); // a bill put aside stays through the save
    saveWorkingBill(touchedBill('Dishoom'), store);
    forgetSplit(store);
    expect(store.get()).toMatchObject({
      working: null,
      participantNames: [],
      summary: null,
      clientKey: null,
    });
    expect(loadParkedDraft(store)?.billName).toBe('Caffè Nero');
    expect(summaryClientKey(store)).not.toBe(key);
  });

  it("the scan slot reads back the reading's JSON, and empties", () => {
    const store = createDraftStore(mapStorage().storage);
    const slot = scanSlotStorage(store);
    expect(slot.getItem('any')).toBeNull();
    const pending = stored({ status: 'pending', startTime: 5, source: 'capture' });
    slot.setItem('any', pending);
    expect(slot.getItem('any')).toBe(pending);
    saveWorkingBill(touchedBill(), store); // the bill and the reading live side by side
    expect(slot.getItem('any')).toBe(pending);
    slot.removeItem('any');
    expect(slot.getItem('any')).toBeNull();
    expect(loadWorkingBill(store)).toEqual(touchedBill());
  });
});

describe('a saved bill being edited', () => {
  it('is kept apart from the new bill being made: neither replaces or clears the other', () => {
    const { storage } = mapStorage();
    const store = createDraftStore(storage);
    const working = touchedBill('New one');
    saveWorkingBill(working, store);
    const edited = touchedBill('Saved one, changed');
    saveEditedBill('bill-1', edited, store);
    expect(loadWorkingBill(store)).toEqual(working);
    expect(loadEditedBill('bill-1', store)).toEqual(edited);
    // Another bill's page finds nothing of this one's changes.
    expect(loadEditedBill('bill-2', store)).toBeNull();
    // Saving the new bill forgets the split, not the changes; saving the changes forgets them only.
    forgetSplit(store);
    expect(loadEditedBill('bill-1', store)).toEqual(edited);
    saveWorkingBill(working, store);
    forgetEditedBill(store);
    expect(loadEditedBill('bill-1', store)).toBeNull();
    expect(loadWorkingBill(store)).toEqual(working);
  });

  it('survives a reload (a new store over the same storage)', () => {
    const { storage } = mapStorage();
    saveEditedBill('bill-1', touchedBill('Changed'), createDraftStore(storage));
    expect(loadEditedBill('bill-1', createDraftStore(storage))?.billName).toBe('Changed');
  });

  it('reads a draft stored before edits were kept', () => {
    const { editing: _none, ...old } = EMPTY_DRAFT;
    expect(parseStoredDraft(JSON.stringify({ ...old, working: touchedBill() })).editing).toBeNull();
  });
});
