import { describe, expect, it } from 'vitest';
import { toPence } from './money';
import {
  completedText,
  friendReminderText,
  namesList,
  paidText,
  unpaidText,
} from './notifications';

describe('notification texts', () => {
  it('names one, two or more people as a sentence does', () => {
    expect(namesList(['Priya'])).toBe('Priya');
    expect(namesList(['Priya', 'Tom'])).toBe('Priya and Tom');
    expect(namesList(['Priya', 'Tom', 'Sam'])).toBe('Priya, Tom and Sam');
  });

  it('says who paid how much for which bill, and when everyone has', () => {
    expect(paidText(['Sam'], toPence('14.20'), 'The Crown & Anchor')).toBe(
      'Sam paid you £14.20 for The Crown & Anchor',
    );
    expect(completedText('The Crown & Anchor')).toBe(
      'Everyone has paid: The Crown & Anchor is complete',
    );
    expect(unpaidText(['Priya', 'Tom'], 'The Crown & Anchor')).toBe(
      "Priya and Tom haven't paid for The Crown & Anchor yet: remind them?",
    );
    expect(unpaidText(['Priya'], 'Dinner')).toBe("Priya hasn't paid for Dinner yet: remind them?");
  });

  it("puts the friend's share and own link in the reminder", () => {
    expect(
      friendReminderText({
        friend: 'Priya',
        from: 'Sam',
        billName: 'The Crown & Anchor',
        amount: toPence('14.20'),
        link: 'https://fairshare.example/pay/abc',
      }),
    ).toBe(
      'Hi Priya, just a friendly reminder about The Crown & Anchor: your share is £14.20. You can pay Sam back here, no account needed: https://fairshare.example/pay/abc',
    );
  });
});
