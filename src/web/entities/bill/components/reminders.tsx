import { useQueryClient } from '@tanstack/react-query';
import { BellRing, Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import {
  friendReminderText,
  groupReminderText,
  remindedAgoText,
} from '../../../../domain/notifications';
import { toPence } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { reportError } from '../../../components/ui/report-error';
import { toast } from '../../../components/ui/use-toast';
import { useCurrentUser } from '../../../lib/use-current-user';
import { recordReminders, remindersQuery, useReminders } from '../api/reminders';

// Reminding a friend who has not paid (DECISIONS.md E-mail and notifications): friends have no
// account, so the creator sends the reminder themselves, through the phone's share sheet or the
// clipboard, with the friend's own link. Fairshare remembers when ("Reminded 2 days ago").

/** A friend with a link still to pay. */
export interface RemindFriend {
  participantId: string;
  participantName: string;
  /** What their link asks for, fees included ("12.40"). */
  amountIncludingFee: string;
  url: string;
}

type Ask = { title: string; text: string; friends: RemindFriend[] };

/**
 * "Remind" for one friend, "Remind everyone" for all, and when each was last reminded: one per
 * bill, shared by the links dialog and the bill's page.
 */
export function useRemind(billId: string, billName: string, enabled = true) {
  const { user } = useCurrentUser();
  const reminders = useReminders(billId, enabled);
  const [ask, setAsk] = useState<Ask | null>(null);
  const from = user?.firstName?.trim() ?? '';

  const remindedAt = (participantId: string) => {
    const at = reminders.data?.reminders.find((r) => r.participantId === participantId)?.remindedAt;
    return at ? new Date(at) : null;
  };

  return {
    remindedAt,
    remindOne: (f: RemindFriend) =>
      setAsk({
        title: `Remind ${f.participantName}`,
        friends: [f],
        text: friendReminderText({
          friend: f.participantName,
          from,
          billName,
          amount: toPence(f.amountIncludingFee),
          link: f.url,
        }),
      }),
    remindAll: (friends: RemindFriend[]) =>
      setAsk(
        friends.length === 1
          ? {
              title: `Remind ${friends[0]!.participantName}`,
              friends,
              text: friendReminderText({
                friend: friends[0]!.participantName,
                from,
                billName,
                amount: toPence(friends[0]!.amountIncludingFee),
                link: friends[0]!.url,
              }),
            }
          : {
              title: 'Remind everyone',
              friends,
              text: groupReminderText({
                from,
                billName,
                friends: friends.map((f) => ({
                  name: f.participantName,
                  amount: toPence(f.amountIncludingFee),
                  link: f.url,
                })),
              }),
            },
      ),
    dialog: (
      <ReminderDialog billId={billId} billName={billName} ask={ask} onClose={() => setAsk(null)} />
    ),
  };
}

/** "Reminded 2 days ago", or nothing before the first reminder. */
export function RemindedAgo({ at, now = new Date() }: { at: Date | null; now?: Date }) {
  if (!at) return null;
  return (
    <span className="text-sm text-muted" data-testid="reminded-ago">
      {remindedAgoText(at, now)}
    </span>
  );
}

/** The message as it will be sent, then the share sheet (or the clipboard) and a note of when. */
function ReminderDialog({
  billId,
  billName,
  ask,
  onClose,
}: {
  billId: string;
  billName: string;
  ask: Ask | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function send(how: 'share' | 'copy') {
    if (!ask || busy) return;
    setBusy(true);
    try {
      const done = how === 'share' ? await shareText(billName, ask.text) : await copy(ask.text);
      if (done === 'cancelled') return;
      if (done === 'failed') {
        toast({
          variant: 'destructive',
          title: 'Could not copy the reminder',
          description: 'Copy a link from the list instead, or try again.',
        });
        return;
      }
      if (done === 'copied')
        toast({
          variant: 'success',
          title: 'Reminder copied',
          description:
            ask.friends.length === 1
              ? `Paste it in a message to ${ask.friends[0]!.participantName}.`
              : 'Paste it in your group chat.',
        });
      const ids = ask.friends.map((f) => f.participantId);
      client.setQueryData(remindersQuery(billId).queryKey, await recordReminders(billId, ids));
      onClose();
    } catch (err) {
      reportError(err, 'Could not save the reminder', 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={ask !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={ask?.title ?? ''}
      description="A friendly message with their payment link. Send it your usual way."
      footer={
        <div className="flex flex-col gap-2">
          {canShare && (
            <Button size="lg" block onClick={() => void send('share')} disabled={busy}>
              <Share2 aria-hidden className="size-5" />
              Share reminder
            </Button>
          )}
          <Button
            size="lg"
            block
            variant={canShare ? 'secondary' : 'primary'}
            onClick={() => void send('copy')}
            disabled={busy}
          >
            <Copy aria-hidden className="size-5" />
            Copy message
          </Button>
        </div>
      }
    >
      <p
        className="whitespace-pre-line break-words rounded-2xl bg-surface p-4 text-ink"
        data-testid="reminder-text"
      >
        {ask?.text}
      </p>
    </Dialog>
  );
}

/** "Remind" on a friend's row. */
export function RemindButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      size="md"
      className="px-3!"
      onClick={onClick}
      // The visible word first, then whom (WCAG 2.5.3, label in name).
      aria-label={`Remind ${name}`}
    >
      <BellRing aria-hidden className="size-5" />
      Remind
    </Button>
  );
}

/** The share sheet; where it is refused (no share target), the clipboard. */
async function shareText(
  title: string,
  text: string,
): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  try {
    await navigator.share({ title, text });
    return 'shared';
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    return copy(text);
  }
}

async function copy(text: string): Promise<'copied' | 'failed'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
