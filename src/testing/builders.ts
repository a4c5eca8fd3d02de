// Test data: bills, their people and items, in the two shapes the tests use. The split engine's
// input (`makeBill`, `makeItem`, `makeParticipants`) and the body `POST /api/bills` saves
// (`makeBillBody`, `makeItemBody`, `makeParticipantBodies`). Each takes only what a test cares
// about; the rest is a small, valid default. Amounts are written as on a receipt ('4.99').
import type { WholeBillBody } from '../contracts/bills';
import { toPence } from '../domain/money';
import type { ItemSplitMode, SplitInput, SplitItem, SplitParticipant } from '../domain/split';

/**
 * Who had an item and how many portions each, in order: `{ me: 1.5, p2: 0.5 }`. Ids must not be
 * numbers ('p1', not '1'): JavaScript lists number-like keys first, whatever the order written.
 */
export type Portions = Readonly<Record<string, number>>;

/** One item: a manual split among `portions`, or, with `splitMode: 'equally'`, everyone's. */
export interface ItemSpec {
  name?: string;
  /** Pounds and pence as text, '4.99'; negative for a discount. */
  amount?: string;
  splitMode?: ItemSplitMode;
  portions?: Portions;
}

const DEFAULT_ITEM = { name: 'French Fries', amount: '4.99' };

function splitModeOf(spec: ItemSpec): ItemSplitMode {
  return spec.splitMode ?? (spec.portions ? 'manual' : 'equally');
}

/** An item of the split engine's input. Without `portions` it is split equally. */
export function makeItem(spec: ItemSpec = {}): SplitItem {
  const splitMode = splitModeOf(spec);
  return {
    name: spec.name ?? DEFAULT_ITEM.name,
    amountPence: toPence(spec.amount ?? DEFAULT_ITEM.amount),
    splitMode,
    assignments: Object.entries(spec.portions ?? {}).map(([participantId, portions]) => ({
      participantId,
      portions,
    })),
  };
}

/** The split engine's people from `{ id: name }`, in order: `{ me: 'Morgan', alex: 'Alex' }`. */
export function makeParticipants(names: Readonly<Record<string, string>>): SplitParticipant[] {
  return Object.entries(names).map(([id, name]) => ({ id, name }));
}

/** One person of the split engine's input; the id defaults to the name in lower case. */
export function makeParticipant(name: string, id = name.toLowerCase()): SplitParticipant {
  return { id, name };
}

/** What a bill's split needs, beside its people and items: tip, service and tax as on a receipt. */
export interface BillSpec {
  participants?: readonly SplitParticipant[];
  items?: readonly (SplitItem | ItemSpec)[];
  tipPercent?: number;
  serviceCharge?: string;
  tax?: string;
  mode?: SplitInput['mode'];
}

const isSplitItem = (item: SplitItem | ItemSpec): item is SplitItem => 'amountPence' in item;

/**
 * The split engine's input for a bill: by default Morgan and Alex sharing French Fries (£4.99)
 * and a Red Wine (£22.00) split equally, no tip, no service.
 */
export function makeBill(spec: BillSpec = {}): SplitInput {
  const items = spec.items ?? [
    { name: 'French Fries', amount: '4.99', portions: { me: 1, alex: 1 } },
    { name: 'Red Wine', amount: '22.00', splitMode: 'equally' },
  ];
  return {
    participants: spec.participants ?? makeParticipants({ me: 'Morgan', alex: 'Alex' }),
    items: items.map((item) => (isSplitItem(item) ? item : makeItem(item))),
    tipPercent: spec.tipPercent ?? 0,
    serviceChargePence: toPence(spec.serviceCharge ?? '0'),
    ...(spec.tax === undefined ? {} : { taxPence: toPence(spec.tax) }),
    mode: spec.mode ?? 'byItem',
  };
}

type ItemBody = WholeBillBody['items'][number];
type ParticipantBody = WholeBillBody['participants'][number];

/** An item of the saved bill's body (`participant` keys, amounts as text). */
export function makeItemBody(spec: ItemSpec = {}): ItemBody {
  return {
    name: spec.name ?? DEFAULT_ITEM.name,
    amount: spec.amount ?? DEFAULT_ITEM.amount,
    splitMode: splitModeOf(spec),
    assignments: Object.entries(spec.portions ?? {}).map(([participant, portions]) => ({
      participant,
      portions,
    })),
  };
}

/** The saved bill's people from `{ key: name }`, in order; the first is the creator. */
export function makeParticipantBodies(names: Readonly<Record<string, string>>): ParticipantBody[] {
  return Object.entries(names).map(([key, name]) => ({ key, name }));
}

/** Overrides of the saved bill's body; its items may be written as `ItemSpec`s. */
export type BillBodySpec = Partial<Omit<WholeBillBody, 'items'>> & {
  items?: readonly (ItemBody | ItemSpec)[];
};

const isItemBody = (item: ItemBody | ItemSpec): item is ItemBody => 'assignments' in item;

/**
 * The body of `POST /api/bills` for a whole bill: by default 'Dishoom', Alice (the creator) and
 * Priya sharing Fries 1.5 to 0.5 and a Wine split equally, 10% tip and £3.00 service.
 */
export function makeBillBody(spec: BillBodySpec = {}): WholeBillBody {
  const { items, ...rest } = spec;
  return {
    name: 'Dishoom',
    status: 'saved',
    mode: 'byItem',
    tipPercent: 10,
    serviceCharge: '3.00',
    participants: makeParticipantBodies({ me: 'Alice', p2: 'Priya' }),
    ...rest,
    items: (
      items ?? [
        { name: 'Fries', amount: '4.99', portions: { me: 1.5, p2: 0.5 } },
        { name: 'Wine', amount: '22.00', splitMode: 'equally' },
      ]
    ).map((item) => (isItemBody(item) ? item : makeItemBody(item))),
  };
}
