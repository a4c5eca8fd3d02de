import type { ShareLineOut } from '../../../../contracts/bills';
import { formatPence, toPence, type Pence } from '../../../../domain/money';

// What one person owes, as the payer pages list it: the server's stored lines (items, an equal
// share, service, tip, fee) in their order, each with its amount formatted and, for items, the
// portions the person had when it was not exactly one.

export interface ShareRow {
  kind: ShareLineOut['kind'];
  label: string;
  /** '×2', '×0.5': portions other than one, for item lines. */
  detail: string | undefined;
  amountPence: Pence;
  amount: string;
}

/** '×1.5' for portions other than one; nothing for one portion or where portions do not apply. */
export function portionsDetail(portions: number | null): string | undefined {
  if (portions === null || portions === 1 || !(portions > 0)) return undefined;
  return `×${portions}`;
}

export function shareRows(lines: readonly ShareLineOut[]): ShareRow[] {
  return lines.map((line) => {
    const amountPence = toPence(line.amount);
    return {
      kind: line.kind,
      label: line.name,
      detail: line.kind === 'item' ? portionsDetail(line.portions) : undefined,
      amountPence,
      amount: formatPence(amountPence),
    };
  });
}

/** Rows before the fee (what the person had) and the fee rows, so the fee can stand apart. */
export function splitFeeRows(rows: readonly ShareRow[]): { share: ShareRow[]; fee: ShareRow[] } {
  return {
    share: rows.filter((r) => r.kind !== 'fee'),
    fee: rows.filter((r) => r.kind === 'fee'),
  };
}
