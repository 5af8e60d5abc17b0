import type { Page } from 'playwright-core';

/** The questionnaire page's buttons and the option to prefer, in the language the employee reads. */
export interface Wording {
  readonly next: string;
  readonly submit: string;
}
export const ENGLISH: Wording = { next: 'Save and continue', submit: 'Submit and see my report' };

/** Answers every question on the current section that is still open, preferring the option labelled `prefer`. */
export async function answerSection(page: Page, prefer: string): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    // One round trip per pass: real clicks dispatched in the page, as a user's would be.
    let changed = await page.evaluate((preferred) => {
      let count = 0;
      for (const group of document.querySelectorAll('fieldset.question')) {
        if (group.querySelector('input:checked')) continue;
        const inputs = [...group.querySelectorAll<HTMLInputElement>('input')];
        (inputs.find((i) => i.closest('label')?.textContent?.trim() === preferred) ?? inputs[0])?.click();
        count += 1;
      }
      return count;
    }, prefer);
    for (const input of await page.locator('.question input[type="number"]').all()) {
      if (await input.inputValue()) continue;
      await input.fill((await input.getAttribute('min')) ?? '0');
      changed += 1;
    }
    if (changed === 0) return; // answers may reveal follow-up questions: look again until none is left
  }
}

/**
 * Goes through every section to the report; `onSection` sees each section first (e.g. to check its
 * wording).
 */
export async function finish(page: Page, prefer: string, wording: Wording = ENGLISH, onSection?: () => Promise<void>): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    await onSection?.();
    await answerSection(page, prefer);
    const submit = page.getByRole('button', { name: wording.submit });
    if (await submit.count()) {
      await submit.click();
      break;
    }
    const heading = await page.locator('form h2').textContent();
    await page.getByRole('button', { name: wording.next }).click();
    await page.locator('form h2', { hasNotText: heading ?? '' }).waitFor();
  }
  await page.waitForURL('**/user/my-reports/viewreport/**');
}
