import { describe, expect, it } from 'vitest';
import { toPence } from './money';
import {
  completedText,
  friendReminderText,
  groupReminderText,
  namesList,
  remindedAgoText,
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

describe('reminders', () => {
  it('puts every unpaid friend with their share and link in the group message', () => {
    expect(
      groupReminderText({
        from: 'Sam',
        billName: 'The Crown & Anchor',
        friends: [
          { name: 'Priya', amount: toPence('14.20'), link: 'https://f.example/pay/a' },
          { name: 'Tom', amount: toPence('9.05'), link: 'https://f.example/pay/b' },
        ],
      }),
    ).toBe(
      'Hi all, just a friendly reminder about The Crown & Anchor. Still to pay Sam back, no account needed:\nPriya: £14.20 https://f.example/pay/a\nTom: £9.05 https://f.example/pay/b',
    );
  });

  it('says how long ago a friend was reminded', () => {
    const now = new Date('2026-12-06T12:00:00Z');
    const ago = (ms: number) => remindedAgoText(new Date(now.getTime() - ms), now);
    const min = 60_000;
    expect(ago(0)).toBe('Reminded just now');
    expect(ago(-5 * min)).toBe('Reminded just now');
    expect(ago(min)).toBe('Reminded 1 minute ago');
    expect(ago(59 * min)).toBe('Reminded 59 minutes ago');
    expect(ago(60 * min)).toBe('Reminded 1 hour ago');
    expect(ago(23 * 60 * min)).toBe('Reminded 23 hours ago');
    expect(ago(30 * 60 * min)).toBe('Reminded yesterday');
    expect(ago(48 * 60 * min)).toBe('Reminded 2 days ago');
    expect(ago(9 * 24 * 60 * min)).toBe('Reminded 9 days ago');
  });
});
