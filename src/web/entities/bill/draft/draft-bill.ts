import { seedItems } from '../../../../domain/split-editor';
import { newUuid } from '../../../lib/new-id';
import type { SummaryData } from '../model/summary-data';
import type { DraftBill, EditingBill, StoredDraft } from './schema';
import { draftStore, type DraftStore, type KeyValueStorage } from './store';

// What the screens do with the bill being made, each a change of the one stored draft (store.ts):
// the scan starts a fresh bill (putting an unsaved one aside), the friends dialog names the people,
// the editor keeps its bill, Split stores the summary, the save forgets it all. Each takes the
// store, defaulting to the page's, so tests pass one over a Map.

/**
 * Whether nothing has been done to a bill yet: no one but (at most) the user, the sample items
 * untouched or none, no tip, service charge or tax. Such a draft is not worth offering back.
 */
export function isUntouchedDraft(bill: DraftBill): boolean {
  const samples = seedItems();
  const untouchedItems =
    bill.items.length === 0 ||
    (bill.items.length === samples.length &&
      bill.items.every(
        (item, i) =>
          item.name === samples[i]!.name &&
          item.amountPence === samples[i]!.amountPence &&
          item.assignments.length === 0 &&
          item.splitMode === 'manual',
      ));
  return (
    bill.participants.length <= 1 &&
    untouchedItems &&
    bill.tipPercent === 0 &&
    bill.serviceChargePence === 0 &&
    bill.taxPence === 0
  );
}

/** The bill in the editor, or null when none was started. */
export function loadWorkingBill(store: DraftStore = draftStore): DraftBill | null {
  return store.get().working;
}

/** Keeps the editor's bill (every change, so a reload loses nothing). */
export function saveWorkingBill(bill: DraftBill, store: DraftStore = draftStore): void {
  store.update((draft) => (draft.working === bill ? draft : { ...draft, working: bill }));
}

/** Forgets the bill in the editor: the next editor starts fresh. */
export function clearWorkingBill(store: DraftStore = draftStore): void {
  store.update((draft) => (draft.working === null ? draft : { ...draft, working: null }));
}

/** The bill in the editor, when there is one worth offering back (someone changed something). */
export function loadUnsavedDraft(store: DraftStore = draftStore): DraftBill | null {
  const { working } = store.get();
  return working && !isUntouchedDraft(working) ? working : null;
}

/** The unsaved bill put aside when a scan started, if any. */
export function loadParkedDraft(store: DraftStore = draftStore): DraftBill | null {
  return store.get().parked;
}

export function discardParkedDraft(store: DraftStore = draftStore): void {
  store.update((draft) => (draft.parked === null ? draft : { ...draft, parked: null }));
}

/**
 * A scan is starting: the bill in the editor is put aside (when anything was done to it) and the
 * next editor starts fresh, for this scan alone. An earlier bill already put aside stays unless
 * this one replaces it.
 */
export function startFreshDraft(store: DraftStore = draftStore): void {
  const unsaved = loadUnsavedDraft(store);
  store.update((draft) => ({ ...draft, working: null, parked: unsaved ?? draft.parked }));
}

/**
 * Takes the bill put aside back into the editor; the editor's (when anything was done to it) is
 * put aside in its place, so taking one back never loses the other. Returns the bill taken back.
 */
export function takeBackParkedDraft(
  current: DraftBill | null,
  store: DraftStore = draftStore,
): DraftBill | null {
  const { parked } = store.get();
  if (!parked) return null;
  const putAside = current && !isUntouchedDraft(current) ? current : null;
  store.update((draft) => ({ ...draft, working: parked, parked: putAside }));
  return parked;
}

/** The names the friends dialog confirmed (current user first), for whichever step comes next. */
export function saveParticipantNames(names: readonly string[], store: DraftStore = draftStore) {
  store.update((draft) => ({ ...draft, participantNames: [...names] }));
}

export function loadParticipantNames(store: DraftStore = draftStore): string[] {
  return store.get().participantNames;
}

export function clearParticipantNames(store: DraftStore = draftStore): void {
  store.update((draft) =>
    draft.participantNames.length === 0 ? draft : { ...draft, participantNames: [] },
  );
}

/** Split made a summary: the summary screen shows it and saves it. */
export function saveSummary(summary: SummaryData, store: DraftStore = draftStore): void {
  store.update((draft) => ({ ...draft, summary }));
}

export function loadSummary(store: DraftStore = draftStore): SummaryData | null {
  return store.get().summary;
}

/** The summary's client key, made the first time it is asked for and kept with the summary. */
export function summaryClientKey(store: DraftStore = draftStore): string {
  const stored = store.get().clientKey;
  if (stored) return stored;
  const key = newUuid();
  store.update((draft) => ({ ...draft, clientKey: key }));
  return key;
}

/** The bill has a new name (renamed on the summary): the summary and the editor's bill take it. */
export function renameDraft(name: string, store: DraftStore = draftStore): void {
  store.update((draft) => ({
    ...draft,
    summary: draft.summary && { ...draft.summary, billName: name },
    working: draft.working && { ...draft.working, billName: name },
  }));
}

/**
 * The split is a stored bill now (saved, or active for getting paid): the editor's bill, the names,
 * the summary and its client key go. A bill put aside by a scan stays, to be offered back.
 */
export function forgetSplit(store: DraftStore = draftStore): void {
  store.update((draft): StoredDraft => ({
    ...draft,
    working: null,
    participantNames: [],
    summary: null,
    clientKey: null,
  }));
}

/**
 * The saved bill `billId` as changed in the editor so far, or null when it is not being edited (or
 * another bill is). Kept apart from the new bill being made: neither ever replaces the other.
 */
export function loadEditedBill(billId: string, store: DraftStore = draftStore): DraftBill | null {
  const { editing } = store.get();
  return editing?.billId === billId ? editing.bill : null;
}

/** Keeps a saved bill's changes (every change, so a reload loses nothing). */
export function saveEditedBill(
  billId: string,
  bill: DraftBill,
  store: DraftStore = draftStore,
): void {
  store.update((draft) =>
    draft.editing?.billId === billId && draft.editing.bill === bill
      ? draft
      : { ...draft, editing: { billId, bill } satisfies EditingBill },
  );
}

/** The saved bill's changes are saved or given up: they go, and nothing else does. */
export function forgetEditedBill(store: DraftStore = draftStore): void {
  store.update((draft) => (draft.editing === null ? draft : { ...draft, editing: null }));
}

/**
 * The receipt reading's slot of the draft as a storage of one value, for the receipt processing
 * store (features/receipt), which writes its state as JSON under its key and checks what it reads.
 */
export function scanSlotStorage(store: DraftStore = draftStore): KeyValueStorage {
  return {
    getItem: () => {
      const { scan } = store.get();
      return scan === null || scan === undefined ? null : JSON.stringify(scan);
    },
    setItem: (_key, value) => {
      const scan: unknown = JSON.parse(value);
      store.update((draft) => ({ ...draft, scan }));
    },
    removeItem: () =>
      store.update((draft) => (draft.scan === null ? draft : { ...draft, scan: null })),
  };
}
