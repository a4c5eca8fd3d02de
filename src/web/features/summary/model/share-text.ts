import { formatMoney } from '../../../../domain/money';
import type { SummaryData } from '../../../entities/bill/model/summary-data';

/**
 * The bill as plain text for 'Share a copy of this bill' (spec §2, §8): what each person owes and
 * for what, then the bill's totals. Plain lines with no markup, so it reads the same in a text
 * message, WhatsApp or an e-mail. Amounts use the summary's own pence, formatted like the screen.
 */
export function shareText(summary: SummaryData): string {
  const lines: string[] = [summary.billName, ''];
  for (const person of summary.participantAmounts) {
    lines.push(`${person.name}: ${formatMoney(person.amount)}`);
    for (const item of person.items) lines.push(`  ${item.name}: ${formatMoney(item.amount)}`);
    if (person.serviceCharge !== 0) {
      lines.push(`  Service Charge: ${formatMoney(person.serviceCharge)}`);
    }
    if (person.tip !== 0) lines.push(`  Tip: ${formatMoney(person.tip)}`);
    if (person.tax) lines.push(`  Tax: ${formatMoney(person.tax)}`);
    lines.push('');
  }
  lines.push(
    `Subtotal: ${formatMoney(summary.subtotal)}`,
    `Service Charge: ${formatMoney(summary.serviceCharge)}`,
    `Tip: ${formatMoney(summary.tip)}`,
    ...(summary.tax ? [`Tax: ${formatMoney(summary.tax)}`] : []),
    `Total: ${formatMoney(summary.total)}`,
    '',
    'Split with Fairshare',
  );
  return lines.join('\n');
}
