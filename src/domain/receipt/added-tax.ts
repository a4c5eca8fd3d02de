// Tax added on top of the prices (a US sales tax, a Canadian GST) against VAT included in them (UK
// prices): the first is part of what was paid, and the bill keeps it; the second is already in the
// items, and is information only (DECISIONS.md Money, docs/decisions/016-tax-on-top.md).
import type { Pence } from '../money';
import type { Line } from './line';
import type { Figures } from './totals';

/** What tells the two apart: the printed total and what the receipt says it is made of. */
export interface AddedTaxInput {
  lines: readonly Line[];
  /** the items' sum, as the subtotal counts them */
  itemsPence: Pence;
  figures: Figures;
  total: Pence | null;
  service: Pence | null;
  /** discounts on the whole bill printed after the subtotal (0 or negative) */
  billDiscounts: Pence;
}

/**
 * The tax added on top of the prices, or null when there is none or the prices include it. Tax is on
 * top when the total is the items (or the subtotal), service and tip plus tax lines printed above
 * the total, and the items with service and tip alone are not already the total: a VAT figure that
 * the items already include leaves the total equal to them. A VAT table (rates, nets and VAT of
 * what the total already holds) is never tax on top. When several tax lines are printed (state and
 * city, GST and PST, or each rate and then their sum), the first, the last or all of them together
 * must be what makes the total.
 */
export function addedTax({
  lines,
  itemsPence,
  figures,
  total,
  service,
  billDiscounts,
}: AddedTaxInput): Pence | null {
  if (total === null || total <= 0) return null;
  if (lines.some((l) => l.kind === 'table')) return null;
  const totalLine = lines.find((l) => l.kind === 'total' && l.amount?.pence === total);
  const before = totalLine?.index ?? lines.length;
  const amounts = (printed: readonly Line[]) =>
    printed
      .filter((l) => l.kind === 'tax' && l.amount)
      .map((l) => Math.abs(l.amount!.pence))
      .filter((pence) => pence > 0);
  // The tax lines above the total; without them, a tax line printed under it ('TOTAL INCLUDES 6%
  // TAX OF 0.68' under items priced before it).
  const above = amounts(lines.filter((l) => l.index < before));
  const taxes = above.length > 0 ? above : amounts(lines.filter((l) => l.index > before));
  if (taxes.length === 0) return null;

  const extras = (service ?? 0) + (figures.tip ?? 0);
  const bases = [itemsPence, figures.subtotal].filter((p): p is Pence => p !== null && p > 0);
  const makes = (amount: Pence) =>
    bases.some(
      (base) =>
        base + extras + amount === total || base + extras + amount + billDiscounts === total,
    );
  // The prices include the tax: the items (or a gross subtotal) already make the total.
  if (makes(0)) return null;
  const all = taxes.reduce((a, b) => a + b, 0);
  const candidates = [...new Set([taxes[0]!, taxes.at(-1)!, all])];
  return candidates.find(makes) ?? null;
}
