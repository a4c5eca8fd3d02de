import { Check, CircleCheck, Lock, Split, UserCheck, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { CreatorPickingResponse } from '../../../../contracts/join';
import { formatPence, toPence } from '../../../../domain/money';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { PickPortionsControl } from '../../../entities/picking/components/pick-portions';
import type { PickPortions } from '../../../../domain/picking';
import {
  pickingRows,
  portionsLabel,
  type PickingItemRow,
  type PickingPersonRow,
} from '../model/picking-rows';
import { JoinQrCard } from './join-qr-card';

export interface PickingViewProps {
  data: CreatorPickingResponse;
  onBack: () => void;
  /** A change is on its way to the server. */
  busy: boolean;
  finishing: boolean;
  onToggleOwn: (itemId: string) => void;
  /** The creator's own portions of an item they ticked, as friends say theirs. */
  onOwnPortions: (itemId: string, portions: PickPortions) => void;
  onRemovePick: (participantId: string, itemId: string) => void;
  onAssignRest: (participantId: string) => void;
  onSplitRest: () => void;
  onFinish: () => void;
}

/**
 * The creator's picking screen: the join code, what nobody has picked yet, every item with who
 * picked it, and everyone's running total and paid state; what is left can be assigned or split,
 * a wrong pick removed, and picking ended with "Ask for the rest".
 */
export function PickingView({
  data,
  onBack,
  busy,
  finishing,
  onToggleOwn,
  onOwnPortions,
  onRemovePick,
  onAssignRest,
  onSplitRest,
  onFinish,
}: PickingViewProps) {
  const id = useId();
  const { items, people } = pickingRows(data);
  const [assignOpen, setAssignOpen] = useState(false);
  const [finishOpen, setFinishOpen] = useState(false);
  const left = data.notPicked.items;
  const leftPence = toPence(data.notPicked.amount);
  const open = people.filter((p) => p.state === 'open');
  const unpaid = people.filter((p) => !p.isCreator && p.state !== 'paid');
  const anyJoined = people.some((p) => !p.isCreator && p.joined);

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col bg-surface">
      <div className="flex flex-col gap-5 px-4 pb-6 pt-4">
        <header className="flex items-center gap-2">
          <BackButton label="Back to bill" onClick={onBack} />
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted">Friends are picking</p>
            <h1 className="break-words text-2xl font-bold tracking-tight">{data.bill.name}</h1>
          </div>
        </header>

        <JoinQrCard url={data.joinLink.url} billName={data.bill.name} compact={anyJoined} />

        <section
          aria-labelledby={`${id}-left`}
          className={`rounded-3xl border p-4 shadow-sm ${left.length ? 'border-amber-300 bg-amber-50' : 'border-brand-200 bg-white'}`}
          data-testid="not-picked"
        >
          <h2 id={`${id}-left`} className="flex justify-between gap-3 text-lg font-bold">
            <span>Not picked yet</span>
            <span className="tabular">{formatPence(leftPence)}</span>
          </h2>
          {left.length === 0 ? (
            <p className="mt-1 flex items-center gap-1.5 text-brand-900">
              <CircleCheck aria-hidden className="size-5" />
              Every item has been picked
            </p>
          ) : (
            <>
              <ul className="mt-1 text-sm text-amber-950">
                {left.map((item) => (
                  <li key={item.itemId} className="flex justify-between gap-3">
                    <span className="min-w-0 break-words">{item.name}</span>
                    <span className="tabular">{formatPence(toPence(item.amount))}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Button
                  variant="secondary"
                  disabled={busy || open.length === 0}
                  onClick={() => setAssignOpen(true)}
                >
                  <UserCheck aria-hidden className="size-5" />
                  Assign the rest
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy || open.length === 0}
                  onClick={onSplitRest}
                >
                  <Split aria-hidden className="size-5" />
                  Split equally
                </Button>
              </div>
            </>
          )}
        </section>

        <section aria-labelledby={`${id}-items`}>
          <h2 id={`${id}-items`} className="text-lg font-bold">
            Items
          </h2>
          <ul className="mt-3 flex flex-col gap-3">
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                busy={busy}
                onToggleOwn={() => onToggleOwn(item.id)}
                onOwnPortions={(portions) => onOwnPortions(item.id, portions)}
                onRemove={(participantId) => onRemovePick(participantId, item.id)}
              />
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${id}-people`} className="rounded-3xl bg-white p-4 shadow-sm">
          <h2 id={`${id}-people`} className="text-lg font-bold">
            Everyone so far
          </h2>
          <ul className="mt-2 flex flex-col divide-y divide-line">
            {people.map((person) => (
              <PersonRow key={person.id} person={person} />
            ))}
          </ul>
        </section>
      </div>

      <div
        data-toast-anchor
        className="sticky bottom-0 mt-auto flex flex-col gap-2 border-t border-line bg-white/95 px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur"
      >
        <p className="text-center text-sm text-muted" role="status">
          {busy ? 'Saving…' : left.length > 0 ? `${formatPence(leftPence)} not picked yet` : ''}
        </p>
        <Button
          size="lg"
          block
          disabled={finishing || unpaid.length === 0}
          aria-busy={finishing}
          onClick={() => setFinishOpen(true)}
        >
          {finishing ? (
            <>
              <Spinner size="small" label="Making payment links" />
              Making links…
            </>
          ) : (
            'Ask for the rest'
          )}
        </Button>
      </div>

      <Dialog
        open={assignOpen}
        onOpenChange={setAssignOpen}
        title="Who had the rest?"
        description={`${left.map((i) => i.name).join(', ')}: ${formatPence(leftPence)}`}
      >
        <ul className="flex flex-col gap-2 pb-2">
          {open.map((person) => (
            <li key={person.id}>
              <Button
                variant="secondary"
                block
                onClick={() => {
                  setAssignOpen(false);
                  onAssignRest(person.id);
                }}
              >
                {person.isCreator ? `${person.name} (you)` : person.name}
              </Button>
            </li>
          ))}
        </ul>
      </Dialog>

      <ConfirmDialog
        open={finishOpen}
        onOpenChange={setFinishOpen}
        title="Ask for the rest?"
        description={
          left.length > 0
            ? `Picking ends. ${formatPence(leftPence)} is not picked yet and nobody will be asked for it: assign it or split it first.`
            : 'Picking ends, and everyone who has not paid gets a payment link for what they picked.'
        }
        confirmLabel="Ask for the rest"
        onConfirm={() => {
          setFinishOpen(false);
          onFinish();
        }}
      />
    </main>
  );
}

function ItemRow({
  item,
  busy,
  onToggleOwn,
  onOwnPortions,
  onRemove,
}: {
  item: PickingItemRow;
  busy: boolean;
  onToggleOwn: () => void;
  onOwnPortions: (portions: PickPortions) => void;
  onRemove: (participantId: string) => void;
}) {
  const mine = item.mine !== null;
  return (
    <li
      className={`rounded-3xl border bg-white p-4 shadow-sm ${item.pickers.length ? 'border-line' : 'border-amber-300'}`}
      aria-label={item.name}
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 break-words font-semibold">{item.name}</p>
        <p className="tabular shrink-0 font-semibold">{formatPence(item.amountPence)}</p>
      </div>
      {item.pickers.length === 0 ? (
        <p className="mt-1 text-sm font-medium text-amber-800">Nobody has picked this yet</p>
      ) : (
        <ul aria-label={`Who picked ${item.name}`} className="mt-2 flex flex-wrap gap-2">
          {item.pickers.map((p) => (
            <li
              key={p.participantId}
              className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-50 pl-3 text-sm font-semibold text-brand-900"
            >
              {p.locked && <Lock aria-hidden className="size-3.5" />}
              {p.name}
              {portionsLabel(p.portions) && (
                <span className="text-xs">{portionsLabel(p.portions)}</span>
              )}
              {p.locked ? (
                <span className="pr-3" />
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onRemove(p.participantId)}
                  aria-label={`Remove ${p.name}'s pick of ${item.name}`}
                  className="grid size-11 place-items-center rounded-full hover:bg-brand-100 disabled:text-gray-400"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {item.locked && <p className="mt-1 text-sm font-medium text-amber-800">{item.locked}</p>}
      {!item.locked && (
        <button
          type="button"
          role="checkbox"
          aria-checked={mine}
          disabled={busy}
          onClick={onToggleOwn}
          className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-2xl px-1 font-medium text-brand-800"
        >
          <span
            aria-hidden
            className={`grid size-6 place-items-center rounded-md border-2 ${mine ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400'}`}
          >
            {mine && <Check className="size-4" strokeWidth={3} />}
          </span>
          I had this
        </button>
      )}
      {!item.locked && item.mine !== null && (
        <PickPortionsControl
          itemName={item.name}
          portions={item.mine}
          disabled={busy}
          onPortions={onOwnPortions}
        />
      )}
    </li>
  );
}

function PersonRow({ person }: { person: PickingPersonRow }) {
  const badge =
    person.state === 'paid'
      ? { text: 'Paid', className: 'bg-brand-100 text-brand-900' }
      : person.state === 'held'
        ? { text: 'Paying now', className: 'bg-amber-100 text-amber-900' }
        : person.isCreator
          ? { text: 'You', className: 'bg-gray-100 text-gray-700' }
          : person.joined
            ? { text: 'Picking', className: 'bg-gray-100 text-gray-700' }
            : { text: 'Not here yet', className: 'bg-gray-100 text-gray-700' };
  return (
    <li
      className="flex min-h-12 items-center justify-between gap-3 py-2"
      data-testid="picking-person"
    >
      <div className="min-w-0">
        <p className="break-words font-medium">{person.name}</p>
        <p className="text-sm text-muted">
          {person.picks === 0
            ? 'No items yet'
            : `${person.picks} ${person.picks === 1 ? 'item' : 'items'}`}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className="tabular font-semibold">{formatPence(person.owesPence)}</span>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>
          {badge.text}
        </span>
      </div>
    </li>
  );
}
