import type { Page } from '@playwright/test';
import type { BillDetail } from '../src/contracts/bills';
import { formatPence } from '../src/domain/money';
import { splitBill, type SplitInput } from '../src/domain/split';
import { makeBill, makeParticipants } from '../src/testing/builders';
import { summaryFromSplit } from '../src/web/entities/bill/model/summary-data';
import { wholeBillBody } from '../src/web/features/bills/model/save-body';
import { storedDraft } from './support/draft';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item } from './support/locators';
import { ensureSignedIn } from './support/session';

// Issue 54, bills a user can manage: a saved bill without payment links opens in the split editor
// (its items, people, who had what, service, tip and tax), is changed there and saved again with
// PUT /api/bills/:id; the bill's page then shows the amounts the server stored. The changes survive
// a reload, never touch the new bill being made, and a bill that got links meanwhile says so.
// Expected money comes from the domain's splitBill() and formatPence().

const ME = 'Morgan';
const saved = makeBill({
  participants: makeParticipants({ me: ME, alex: 'Alex' }),
  items: [
    { name: 'Margherita', amount: '12.00', portions: { me: 1 } },
    { name: 'Red Wine', amount: '20.00', portions: { alex: 1 } },
  ],
  tipPercent: 10,
  serviceCharge: '2.00',
});

async function saveBill(page: Page, input: SplitInput, name: string): Promise<BillDetail> {
  const summary = summaryFromSplit(name, input, splitBill(input));
  const res = await page.request.post('/api/bills', { data: wholeBillBody(summary, new Date()) });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  return (await (await page.request.get(`/api/bills/${id}`)).json()) as BillDetail;
}

const personAmount = (page: Page, name: string) =>
  page.getByRole('article', { name, exact: true }).getByTestId('person-amount');

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, ME, 'Reed');
});

test('edit a saved bill in the editor, keep the changes over a reload, save: new amounts', async ({
  page,
}) => {
  // A new bill is being made in this tab: editing a saved one must leave it exactly as it is.
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await friends.getByRole('textbox').nth(0).fill('Priya');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await assignButton(item(page, 'French Fries'), 'Priya').click();
  await expect(assignButton(item(page, 'French Fries'), 'Priya')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const newBill = (await storedDraft(page))!.working;
  expect(newBill).not.toBeNull();

  const bill = await saveBill(page, saved, 'Pizza Express');
  await page.goto(`/bill/${bill.id}`);
  const before = splitBill(saved);
  await expect(personAmount(page, 'Alex')).toHaveText(formatPence(before.participants[1]!.amount));
  await page.getByRole('button', { name: 'Edit bill' }).click();
  await expect(page).toHaveURL(new RegExp(`/bill/${bill.id}/edit$`));

  // The bill as saved: its items and prices, who had what, service and tip.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit the bill' })).toBeVisible();
  await expect(page.getByTestId('bill-name')).toHaveText('Pizza Express');
  const pizza = item(page, 'Margherita');
  const wine = item(page, 'Red Wine');
  await expect(pizza.getByLabel('Price in pounds')).toHaveValue('12.00');
  await expect(assignButton(pizza, ME)).toHaveAttribute('aria-pressed', 'true');
  await expect(assignButton(pizza, 'Alex')).toHaveAttribute('aria-pressed', 'false');
  await expect(assignButton(wine, 'Alex')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Tip (%)' })).toHaveValue('10');
  await expect(page.getByRole('textbox', { name: 'Service Charge' })).toHaveValue('2.00');
  await expect(page.getByRole('button', { name: /^Save changes/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Let friends pick their items' })).toHaveCount(0);
  await snap(page, 'edit-bill-editor');

  // Changes: the wine was £24, Sam joined and shared it with Alex, the tip was 12.5%.
  await wine.getByLabel('Price in pounds').fill('24.00');
  await page.getByRole('textbox', { name: 'Add a person' }).fill('Sam');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await assignButton(wine, 'Sam').click();
  await page.getByRole('textbox', { name: 'Tip (%)' }).fill('12.5');

  // A reload in the middle loses nothing.
  await page.reload();
  await expect(wine.getByLabel('Price in pounds')).toHaveValue('24.00');
  await expect(assignButton(wine, 'Sam')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Tip (%)' })).toHaveValue('12.5');

  const edited = makeBill({
    participants: makeParticipants({ me: ME, alex: 'Alex', sam: 'Sam' }),
    items: [
      { name: 'Margherita', amount: '12.00', portions: { me: 1 } },
      { name: 'Red Wine', amount: '24.00', portions: { alex: 1, sam: 1 } },
    ],
    tipPercent: 12.5,
    serviceCharge: '2.00',
  });
  const after = splitBill(edited);
  const save = page.getByRole('button', { name: /^Save changes/ });
  await expect(save).toContainText(formatPence(after.total));
  await snap(page, 'edit-bill-changed');
  const put = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/bills/${bill.id}`),
  );
  await save.click();
  expect((await put).status()).toBe(200);

  // Back on the bill's page: the amounts the server stored for the new split.
  await expect(page).toHaveURL(new RegExp(`/bill/${bill.id}$`));
  await expect(page.getByRole('region', { name: 'Bill total' })).toContainText(
    formatPence(after.total),
  );
  for (const share of after.participants)
    await expect(personAmount(page, share.name)).toHaveText(formatPence(share.amount));
  await snap(page, 'edit-bill-saved');
  // As stored, not only as shown: a reload reads them from the server.
  await page.reload();
  await expect(personAmount(page, 'Sam')).toHaveText(formatPence(after.participants[2]!.amount));

  // The changes are gone from the draft once saved; the new bill being made is as it was left.
  const draft = (await storedDraft(page))!;
  expect(draft.editing).toBeNull();
  expect(draft.working).toEqual(newBill);
  await page.goto('/split-bill');
  await expect(assignButton(item(page, 'French Fries'), 'Priya')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Margherita' })).toHaveCount(0);
});

test('leaving with changes asks first; links made meanwhile stop the save with the reason', async ({
  page,
}) => {
  const bill = await saveBill(page, saved, 'Pizza Express');
  await page.goto(`/bill/${bill.id}/edit`);
  const wine = item(page, 'Red Wine');
  await wine.getByLabel('Price in pounds').fill('30.00');

  // Back with changes: asked first; keeping on editing keeps them.
  await page.getByRole('button', { name: 'Back to the bill' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await snap(page, 'edit-bill-leave');
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(wine.getByLabel('Price in pounds')).toHaveValue('30.00');

  // Meanwhile, on another phone, the bill gets its payment links.
  const connect = await page.request.post('/api/sandbox/connect', {
    data: { accountHolderName: `${ME} Reed`, sortCode: '20-00-00', accountNumber: '55779911' },
  });
  expect(connect.ok(), await connect.text()).toBe(true);
  const links = await page.request.post('/api/payment-links', { data: { billId: bill.id } });
  expect(links.ok(), await links.text()).toBe(true);

  const put = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/bills/${bill.id}`),
  );
  await page.getByRole('button', { name: /^Save changes/ }).click();
  const refused = await put;
  expect(refused.status()).toBe(409);
  const { message } = (await refused.json()) as { message: string };
  const locked = page.getByRole('alertdialog', { name: 'This bill can no longer change' });
  await expect(locked).toContainText(message);
  await snap(page, 'edit-bill-locked');
  await locked.getByRole('button', { name: 'Back to the bill' }).click();

  // The bill as it was saved, now with its links: no Edit, and why.
  await expect(page).toHaveURL(new RegExp(`/bill/${bill.id}$`));
  await expect(page.getByRole('button', { name: 'View payment links' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit bill' })).toHaveCount(0);
  await expect(page.getByTestId('bill-locked')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bill total' })).toContainText(
    formatPence(splitBill(saved).total),
  );
  expect((await storedDraft(page))!.editing).toBeNull();
  // Its edit address, opened directly, says the same.
  await page.goto(`/bill/${bill.id}/edit`);
  await expect(page.getByRole('heading', { name: 'This bill can no longer change' })).toBeVisible();
  await snap(page, 'edit-bill-locked-page');
});
