import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { pdfText, pdfTitle } from '../helpers/assessment';
import { answerSection, finish } from './support/assessment-steps';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

describe('self-assessment in the browser', () => {
  it('takes the Office assessment, resumes it, reads the report, downloads the PDF, retakes it and sees the change', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.goto('/user/self_assessment_signup');
    await page.getByText('You have not taken a self-assessment yet.').waitFor();
    await expect(page.getByRole('radio', { name: /Office/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Start the self-assessment' }).click();
    await page.waitForURL('**/user/self_assessment?attempt=*');
    await page.getByText(/^Section 1 of \d+$/).waitFor();

    // Keyboard: Space chooses the focused option and the arrow keys move through the group.
    const firstGroup = page.locator('fieldset.question').first();
    await firstGroup.locator('input').first().focus();
    await page.keyboard.press('Space');
    await expect(firstGroup.locator('input').first().isChecked()).resolves.toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(firstGroup.locator('input').nth(1).isChecked()).resolves.toBe(true);
    await answerSection(page, 'No');
    const firstSection = await page.locator('form h2').textContent();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText(/^Section 2 of \d+$/).waitFor();
    const secondSection = await page.locator('form h2').textContent();
    expect(secondSection).not.toBe(firstSection);

    // Save and finish later, then continue from the sign-up page at the section reached.
    await page.getByRole('button', { name: 'Save and finish later' }).click();
    await page.waitForURL('**/user/self_assessment_signup');
    await page.getByRole('link', { name: 'Continue your Office self-assessment' }).click();
    await page.locator('form h2', { hasText: secondSection ?? '' }).waitFor();
    await finish(page, 'No');

    await page.getByRole('heading', { name: 'Office self-assessment report' }).waitFor();
    const score = Number(await page.locator('.report-score .score').textContent());
    expect(score).toBeGreaterThanOrEqual(1);
    await page.getByRole('heading', { name: 'Findings and recommendations' }).waitFor();
    expect(await page.locator('.finding').count()).toBeGreaterThan(0);
    expect(await page.locator('.finding a').first().getAttribute('href')).toMatch(/^\/user\//);
    await expect(page.getByText('Change since your previous assessment').count()).resolves.toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Summary-Report.pdf');
    const bytes = readFileSync((await download.path())!);
    expect(pdfTitle(bytes)).toBe('Summary-Report');
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain(`${score} out of`);
    expect(text).toContain((await page.locator('.finding h3').first().textContent())!.replace(/\s*\((low|moderate|high)\)$/, ''));

    // The retake starts from the previous answers and the report shows the change.
    await page.goto('/user/self_assessment_signup');
    await page.getByRole('checkbox', { name: 'Start from my previous answers' }).check();
    await page.getByRole('button', { name: 'Start the self-assessment' }).click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    expect(await page.locator('fieldset.question input:checked').count()).toBeGreaterThan(0);
    for (const yes of await page.getByRole('radio', { name: 'Yes', exact: true }).all()) await yes.check();
    await finish(page, 'Yes');
    await page.getByRole('heading', { name: 'Change since your previous assessment' }).waitFor();
    await page.getByText(`Previous score ${score},`).waitFor();

    await page.goto('/user/my-reports');
    // Both attempts, each finalized; the demo's finalized 1:1 evaluation of this employee is listed beside them.
    const attempts = page.locator('tbody tr').filter({ hasNotText: '1:1 evaluation' });
    await attempts.nth(1).waitFor();
    await expect(attempts.count()).resolves.toBe(2);
    await expect(attempts.locator('.status.status-finalized').count()).resolves.toBe(2);

    // Recommended equipment: a page per slug the findings link to; unknown slugs are not found.
    await page.goto('/user/footrest');
    await page.getByRole('heading', { name: 'Footrest', level: 1 }).waitFor();
    await page.getByText('Height-adjustable, about 5 to 15 cm').waitFor();
    await page.goto('/user/no-such-equipment');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('answers page-not-found when the client turned self-assessment off', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.contosoEmployee);
    await page.goto('/user/self_assessment_signup');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('imports survey-tool reports as an admin, views and downloads one, and the employee finds it in My Reports', async () => {
    const nw = (await product.server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow())
      .id;
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto(`/admin/alchemer-summary-reports/${nw}`);
    await page.getByText('No survey reports for this client yet.').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import file field is required').waitFor();
    const csv =
      'Response ID,Date Submitted,Email,Survey Name,How many breaks do you take?\r\n7,2026-04-01 08:30:00,employee@northwind.example,Wellbeing pulse,Two or three a day\r\n';
    await page.getByLabel(/^Import file/).setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('gridcell', { name: /^Erin Walsh/ }).waitFor();
    await page.getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Wellbeing pulse' }).waitFor();
    await page.getByRole('cell', { name: 'Two or three a day' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Summary-Report.pdf');
    expect(pdfText(readFileSync((await download.path())!))).toContain('Two or three a day');
    await context.close();

    const employeeContext = await product.newContext();
    const employee = await employeeContext.newPage();
    await signIn(employee, ACCOUNTS.employee);
    await employee.goto('/user/my-reports');
    await employee.getByRole('link', { name: 'Wellbeing pulse' }).click();
    await employee.waitForURL('**/user/alchemer-reports/viewreport/**');
    await employee.getByRole('cell', { name: 'Two or three a day' }).waitFor();
    await employeeContext.close();
  });
});
