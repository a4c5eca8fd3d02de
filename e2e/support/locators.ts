import type { Locator, Page } from '@playwright/test';

// Locators shared by the journeys: an item card of the split editor, a person's assign button on
// it, and an amount in a list of lines (summary, bill detail).

/** An item card of the split editor, by the item's name. */
export const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A person's assign button on an item card (its name may be followed by portions). */
export const assignButton = (group: Locator, name: string) =>
  group.getByRole('button', { name: new RegExp(`^${name}\\b`) });

/** The amount beside a label in a list of lines (a dt and its dd). */
export function lineAmount(scope: Locator, label: string): Locator {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}
