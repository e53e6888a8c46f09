/** The fields of the receipt forms (/receipt-create and /receipt/:id/edit) as the specs reach them. */
import { expect, type Page } from '@playwright/test';

export const serialBox = (page: Page) => page.getByRole('combobox', { name: 'Serial number' });
export const lbBox = (page: Page) => page.getByRole('textbox', { name: 'LB Number' });
export const engineerBox = (page: Page) => page.getByRole('textbox', { name: 'Engineer number' });
export const createButton = (page: Page) => page.getByRole('button', { name: 'Create', exact: true });

/** Types `search` into the search-select labelled `label`, picks the first option named `text`, and sees it chosen. */
export async function pickOption(page: Page, label: string, text: string, search = text) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: text }).first().click();
  await expect(box).toHaveValue(text);
}
