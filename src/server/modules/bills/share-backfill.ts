import { SHARE_LINE_NAMES, type ParticipantLines } from '../../../domain/shares';
import type { Db } from '../../db/client';
import { inTransaction } from './repo';
import { computeAmounts } from './service';

const BATCH = 50;

/**
 * Stores the share lines of bills saved before lines were stored (migration 0003 marks them). Each
 * is split once more by the same domain code that set its amounts due; where that disagrees with
 * what was stored (it should not), the stored amounts win as one line each, so the lines always add
 * up to the amounts due. Idempotent, and safe for several processes starting at once: each batch
 * locks its bills and skips those another process holds. Returns how many bills it filled.
 */
export async function backfillShareLines(db: Db): Promise<number> {
  let filled = 0;
  for (;;) {
    const count = await inTransaction(db, async (tx) => {
      const batch = await tx.lockBillsWithoutShares(BATCH);
      for (const bill of batch) {
        const agg = await tx.loadAggregate(bill);
        const amounts = computeAmounts(agg);
        const agrees = agg.participants.every(
          (p, i) =>
            amounts.perParticipant[i]?.amountPence === p.amountDuePence &&
            amounts.perParticipant[i]?.feePence === p.feePence,
        );
        const perParticipant: ParticipantLines[] = agrees
          ? amounts.perParticipant
          : agg.participants.map((p) => ({
              amountPence: p.amountDuePence,
              feePence: p.feePence,
              lines: [
                {
                  kind: 'share' as const,
                  name: SHARE_LINE_NAMES.share,
                  amountPence: p.amountDuePence,
                  itemIndex: null,
                  portions: null,
                },
                ...(p.feePence
                  ? [
                      {
                        kind: 'fee' as const,
                        name: SHARE_LINE_NAMES.fee,
                        amountPence: p.feePence,
                        itemIndex: null,
                        portions: null,
                      },
                    ]
                  : []),
              ],
            }));
        await tx.replaceShareLines(
          bill.id,
          agg.participants.map((p, i) => ({
            participantId: p.id,
            lines: perParticipant[i]!.lines,
          })),
          agg.items.map((it) => it.id),
        );
      }
      return batch.length;
    });
    filled += count;
    if (count < BATCH) return filled;
  }
}
