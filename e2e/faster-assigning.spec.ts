import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPence } from '../src/domain/money';
import { splitBill } from '../src/domain/split';
import { makeBill, makeParticipants } from '../src/testing/builders';
import { expect, snap, test } from './support/fixtures';
import { assignButton, item } from './support/locators';
import { ensureSignedIn } from './support/session';

// Issue 54, faster assigning on a long receipt: select several items, then a person; "Assign the
// rest to…" and "Split the rest equally"; a line read with a count ('Garlic Bread (2)') offers its
// count as portions. The receipt's answer is the scan contract's shape (src/contracts/receipts.ts);
// expected money comes from the domain's splitBill() and formatPence().

const ME = 'Morgan';

/** A long receipt as the scan endpoint answers it; Garlic Bread was printed with a count of 2. */
const ITEMS = [
  { name: 'Garlic Bread', amount: '7.00', quantity: 2 },
  { name: 'Margherita', amount: '11.50' },
  { name: 'Pepperoni', amount: '13.00' },
  { name: 'Caesar Salad', amount: '8.50' },
  { name: 'Tiramisu', amount: '6.00' },
  { name: 'Sparkling Water', amount: '3.20' },
  { name: 'House Red', amount: '24.00' },
  { name: 'Espresso', amount: '2.40' },
];

function answerScans(page: Page) {
  return page.route('**/api/ocr/scan-receipt', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        receiptId: '0b7c6a44-5b0e-4d55-9d0e-5b1f1f7c2c11',
        items: ITEMS.map((i) => ({ quantity: null, ...i })),
        subtotal: '75.60',
        tax: null,
        serviceCharge: null,
        serviceChargePercent: null,
        tip: null,
        total: '75.60',
        establishmentName: 'Pizza Pilgrims',
        checks: { itemsMatchTotal: true, difference: '0.00', against: 'subtotal' },
        message: '8 items found',
        error: null,
        rawText: '',
        timings: { imageMs: 1, queueMs: 0, ocrMs: 1, parseMs: 1, totalMs: 3 },
      }),
    }),
  );
}

const pressed = (page: Page, itemName: string, person: string) =>
  expect(assignButton(item(page, itemName), person)).toHaveAttribute('aria-pressed', 'true');
const notPressed = (page: Page, itemName: string, person: string) =>
  expect(assignButton(item(page, itemName), person)).toHaveAttribute('aria-pressed', 'false');

test.beforeEach(async ({ page }) => {
  await ensureSignedIn(page, ME, 'Reed');
});

test('a long receipt: several items to one person, a count shared out, the rest in one go', async ({
  page,
}) => {
  await page.goto('/split-bill');
  const friends = page.getByRole('dialog', { name: 'Add Friends to Split With' });
  await friends.getByRole('textbox').nth(0).fill('Alex');
  await friends.getByRole('textbox').nth(1).fill('Kim');
  await friends.getByRole('button', { name: 'Continue' }).click();
  await expect(friends).toBeHidden();

  await answerScans(page);
  await page.getByRole('button', { name: 'Upload receipt' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Receipt' });
  await upload.getByTestId('receipt-upload-input').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 300, height: 400, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer(),
  });
  await upload.getByRole('button', { name: 'Process Receipt' }).click();
  await expect(item(page, 'Espresso')).toBeVisible();
  await expect(page.getByText('8 items nobody has yet')).toBeVisible();
  // The count the receipt printed, offered as portions.
  await expect(item(page, 'Garlic Bread')).toContainText('2 on the receipt');
  await expect(item(page, 'Margherita')).not.toContainText('on the receipt');

  // Select mode: tick two items, then give both to Alex from the bar at the bottom.
  await page.getByRole('button', { name: 'Select items' }).click();
  await expect(page.getByRole('button', { name: 'Selecting items' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const giveTo = page.getByRole('group', { name: 'Give the selected items to' });
  await expect(giveTo.getByRole('button', { name: 'Alex' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select Margherita' }).check();
  await page.getByRole('checkbox', { name: 'Select Tiramisu' }).check();
  await expect(page.getByText('2 items selected: give to')).toBeVisible();
  await snap(page, 'assign-select-items');
  await giveTo.getByRole('button', { name: 'Alex' }).click();
  await pressed(page, 'Margherita', 'Alex');
  await pressed(page, 'Tiramisu', 'Alex');
  await notPressed(page, 'Pepperoni', 'Alex');
  // Back to the Split bar, the checkboxes gone.
  await expect(giveTo).toBeHidden();
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.getByRole('button', { name: 'Select items' }).click();
  await page.getByRole('checkbox', { name: 'Select Pepperoni' }).check();
  await page.getByRole('checkbox', { name: 'Select Espresso' }).check();
  await giveTo.getByRole('button', { name: 'Kim' }).click();
  await pressed(page, 'Pepperoni', 'Kim');
  await pressed(page, 'Espresso', 'Kim');

  // Garlic Bread (2): one each for Morgan and Kim.
  await page.getByRole('button', { name: 'Share out the 2 Garlic Bread' }).click();
  const count = page.getByRole('dialog', { name: 'Who had the 2 Garlic Bread?' });
  await expect(count.getByRole('status')).toHaveText('2 of 2 still to give');
  await expect(count.getByRole('button', { name: 'Done' })).toBeDisabled();
  await count.getByRole('button', { name: `One more for ${ME}` }).click();
  await count.getByRole('button', { name: 'One more for Kim' }).click();
  await expect(count.getByRole('status')).toHaveText('All 2 given');
  await expect(count.getByRole('button', { name: 'One more for Alex' })).toBeDisabled();
  await snap(page, 'assign-count-dialog');
  await count.getByRole('button', { name: 'Done' }).click();
  await expect(count).toBeHidden();
  await pressed(page, 'Garlic Bread', ME);
  await pressed(page, 'Garlic Bread', 'Kim');
  await notPressed(page, 'Garlic Bread', 'Alex');

  // The three left, to Morgan in one go.
  await expect(page.getByText('3 items nobody has yet')).toBeVisible();
  await page.getByRole('button', { name: 'Assign the rest to…' }).click();
  const rest = page.getByRole('dialog', { name: 'Assign the rest to…' });
  await expect(rest).toContainText('The 3 items nobody has yet will be theirs.');
  await snap(page, 'assign-rest-dialog');
  await rest.getByRole('button', { name: ME }).click();
  for (const name of ['Caesar Salad', 'Sparkling Water', 'House Red'])
    await pressed(page, name, ME);
  await notPressed(page, 'Pepperoni', ME);
  await expect(page.getByText(/nobody has yet/)).toBeHidden();

  // A line the reading missed, typed in, then split equally with whatever else is left.
  await page.getByRole('button', { name: 'Add Item' }).click();
  await page.getByRole('textbox', { name: 'Item name' }).last().fill('Olives');
  await item(page, 'Olives').getByLabel('Price in pounds').fill('4.00');
  await expect(page.getByText('1 item nobody has yet')).toBeVisible();
  await page.getByRole('button', { name: 'Split the rest equally' }).click();
  await expect(item(page, 'Olives').getByRole('switch')).toBeChecked();
  await expect(item(page, 'Margherita').getByRole('switch')).not.toBeChecked();

  const input = makeBill({
    participants: makeParticipants({ me: ME, alex: 'Alex', kim: 'Kim' }),
    items: [
      { name: 'Garlic Bread', amount: '7.00', portions: { me: 1, kim: 1 } },
      { name: 'Margherita', amount: '11.50', portions: { alex: 1 } },
      { name: 'Pepperoni', amount: '13.00', portions: { kim: 1 } },
      { name: 'Caesar Salad', amount: '8.50', portions: { me: 1 } },
      { name: 'Tiramisu', amount: '6.00', portions: { alex: 1 } },
      { name: 'Sparkling Water', amount: '3.20', portions: { me: 1 } },
      { name: 'House Red', amount: '24.00', portions: { me: 1 } },
      { name: 'Espresso', amount: '2.40', portions: { kim: 1 } },
      { name: 'Olives', amount: '4.00', splitMode: 'equally' },
    ],
  });
  const result = splitBill(input);
  const split = page.getByRole('button', { name: /^Split(?! the rest)/ });
  await expect(split).toBeEnabled();
  await expect(split).toContainText(formatPence(result.total));
  await snap(page, 'assign-all-given');
  await split.click();
  await expect(page).toHaveURL(/\/summary$/);
  for (const share of result.participants)
    await expect(
      page.getByRole('article', { name: share.name, exact: true }).getByTestId('person-amount'),
    ).toHaveText(formatPence(share.amount));
});
