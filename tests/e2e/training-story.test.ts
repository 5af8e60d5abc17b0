import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { hashPassword } from '../../src/server/auth/passwords';
import { formatLongDay } from '../../src/shared/dates';
import { courseById } from '../../src/shared/training/localize';
import { CERTIFICATE_CODE } from '../../src/shared/training/rules';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { pdfText } from '../helpers/assessment';
import { signIn, startProduct, type Product } from './support/product';

/**
 * docs/product.md "Training", the whole course in the browser: an administrator assigns the display
 * screen course to everyone at Northwind on /admin/training, which enrols a new employee at once; the
 * employee reads the lessons in the course player, fails the first module's quiz with wrong answers,
 * retries and passes it, passes the other modules and downloads the certificate, whose PDF names the
 * employee, the course, the date and the verification code. The public /verify-certificate page,
 * without signing in, confirms that code, and the programme manager's Training Activity lists the
 * employee's enrolment as completed. Which answers are right is read from the course's own file,
 * never from the page (the browser is never told before answering).
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
}, 120_000);
afterAll(async () => {
  await product?.close();
});

interface CourseFile {
  modules: {
    id: string;
    lessons: { id: string }[];
    quiz: { id: string; kind: 'single' | 'multiple'; key?: boolean; answers: { id: string; correct?: boolean; flag?: boolean }[] }[];
  }[];
}
const COURSE_ID = 'display-screen';
const courseFile = parse(
  readFileSync(resolve(import.meta.dirname, `../../content/training/${COURSE_ID}/course.yaml`), 'utf8'),
) as CourseFile;

const FIRST = 'Noor';
const LAST = 'Haddad';
const NAME = `${FIRST} ${LAST}`;
const EMAIL = 'noor.haddad@northwind.example';

async function signedIn(email: string, password = PASSWORD): Promise<Page> {
  const context = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** Answers one module's quiz question by question: right, or every question with a wrong answer. */
async function takeQuiz(page: Page, module: CourseFile['modules'][number], right: boolean): Promise<string> {
  const total = module.quiz.length;
  for (const [i, q] of module.quiz.entries()) {
    await page.getByText(`Question ${i + 1} of ${total}`).waitFor();
    // A key question is answered with a worrying answer (all its answers count as right), so the
    // offer of help shows.
    const rightOnes = q.answers.filter((a) => a.correct && (!q.key || a.flag)).map((a) => a.id);
    const chosen = !right ? [q.answers.find((a) => !a.correct)!.id] : q.kind === 'single' ? rightOnes.slice(0, 1) : rightOnes;
    for (const a of chosen) await page.locator(`input[name="q-${q.id}"][value="${a}"]`).check();
    await page.getByRole('button', { name: 'Check my answer' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: right ? /^Right/ : /^Not quite/ })
      .waitFor();
    if (i < total - 1) await page.getByRole('button', { name: 'Next question' }).click();
  }
  const result = page.getByRole('status').filter({ hasText: right ? /^Passed with \d+%/ : /the pass mark is \d+%/ });
  await result.waitFor();
  return (await result.locator('strong').textContent())!.trim();
}

let certificateCode = '';
let completedAt: Date;

describe('the training course, from assignment to a checked certificate', () => {
  it('an administrator assigns the course to everyone at Northwind, which enrols a new employee at once', async () => {
    const db = product.server.ctx.db;
    const northwind = await db
      .selectFrom('clients as c')
      .innerJoin('users as u', 'u.client_id', 'c.id')
      .select(['c.id', 'c.company_name'])
      .where('u.email', '=', ACCOUNTS.manager)
      .executeTakeFirstOrThrow();
    const role = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        first_name: FIRST,
        last_name: LAST,
        email: EMAIL,
        password_hash: await hashPassword(PASSWORD),
        client_id: northwind.id,
        role_id: role.id,
        region: 'Europe',
      })
      .execute();

    // Before the assignment the new employee has nothing to take.
    const employee = await signedIn(EMAIL);
    await employee.goto('/user/my-training');
    await employee.getByText('You have no course to take at the moment.').waitFor();

    const admin = await signedIn(ACCOUNTS.admin);
    await admin.goto('/admin/training');
    await admin.getByRole('heading', { level: 1, name: 'Training' }).waitFor();
    await admin.getByLabel('Client').selectOption({ label: northwind.company_name });
    await admin.getByRole('button', { name: 'Assign a course' }).click();
    await admin.getByLabel('Course').selectOption({ label: 'Display screen basics' });
    await admin.getByRole('button', { name: 'Save the assignment' }).click();
    const saved = admin.getByText(/^Saved: \d+ employees newly enrolled\.$/);
    await saved.waitFor();
    expect(Number((await saved.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(1);
    await admin.context().close();

    await employee.reload();
    const title = (await courseById(COURSE_ID, 'en'))!.title;
    const card = employee.getByRole('listitem').filter({ has: employee.getByRole('heading', { level: 2, name: title, exact: true }) });
    await card.getByText('To do').waitFor();
    await card.getByText('0% done').waitFor();
    await employee.context().close();
  }, 180_000);

  it('the employee fails the first quiz, retries it, passes every module and downloads the certificate', async () => {
    const title = (await courseById(COURSE_ID, 'en'))!.title;
    const page = await signedIn(EMAIL);
    await page.goto('/user/my-training');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    await card.getByRole('link', { name: 'Start' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    let helpOffered = 0;
    for (const [m, module] of courseFile.modules.entries()) {
      const lessons = module.lessons.length;
      for (let l = 0; l < lessons; l += 1) {
        await page.getByText(new RegExp(`Lesson ${l + 1} of ${lessons}$`)).waitFor();
        await page.getByRole('button', { name: l + 1 < lessons ? 'Next' : 'Take the quiz', exact: true }).click();
      }
      if (m === 0) {
        expect(await takeQuiz(page, module, false)).toMatch(/^0%: the pass mark is \d+%/);
        await page.getByRole('button', { name: 'Try the quiz again' }).click();
      }
      expect(await takeQuiz(page, module, true)).toBe('Passed with 100%');
      // The passing answer's explanation, and the offer of help after a key question, stay on screen.
      const last = module.quiz.at(-1)!;
      expect(await page.getByText(`Question ${module.quiz.length} of ${module.quiz.length}`).isVisible()).toBe(true);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Right/ })
          .textContent(),
      ).toContain('(your answer)');
      if (last.key) {
        const help = page.getByRole('complementary', { name: 'Help is available' });
        await help.getByRole('link', { name: 'Take a self-assessment' }).waitFor();
        await help.getByRole('link', { name: 'Request a one-to-one evaluation' }).waitFor();
        helpOffered += 1;
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    // The course's key question ends its last module.
    expect(helpOffered).toBe(1);
    await page.getByRole('heading', { level: 2, name: 'Course completed' }).waitFor();
    await page.getByText('You completed the course with 100%. Your certificate is ready.').waitFor();

    const enrolment = await product.server.ctx.db
      .selectFrom('training_enrolments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.state', 'e.score', 'e.certificate_code', 'e.completed_at'])
      .where('u.email', '=', EMAIL)
      .where('e.course_id', '=', COURSE_ID)
      .executeTakeFirstOrThrow();
    expect(enrolment).toMatchObject({ state: 'completed', score: 100 });
    expect(enrolment.certificate_code).toMatch(CERTIFICATE_CODE);
    certificateCode = enrolment.certificate_code!;
    completedAt = new Date(enrolment.completed_at!);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the certificate' }).click(),
    ]);
    const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain(NAME);
    expect(text).toContain(title);
    expect(text).toContain(formatLongDay(completedAt, 'en', { timeZone: 'UTC' }));
    expect(text).toContain(`Verification code: ${certificateCode}`);

    // My Training now shows it completed, with the score.
    await page.getByRole('link', { name: 'All my training' }).click();
    const card2 = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    await card2.getByText('Completed', { exact: true }).waitFor();
    await card2.getByText(/^Score: 100%/).waitFor();
    await page.context().close();
  }, 300_000);

  it('the public check, not signed in, confirms the code with the name, course and date', async () => {
    expect(certificateCode).toMatch(CERTIFICATE_CODE);
    const title = (await courseById(COURSE_ID, 'en'))!.title;
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/verify-certificate');
    await page.getByRole('heading', { level: 1, name: 'Verify a certificate' }).waitFor();
    await page.getByLabel('Certificate code').fill(certificateCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    const status = page.getByRole('status');
    await status.getByText('This certificate is valid.').waitFor();
    const facts = await status.locator('dd').allTextContents();
    expect(facts).toEqual([NAME, title, completedAt.toISOString().slice(0, 10)]);
    // A code that was never issued confirms nothing.
    await page.getByLabel('Certificate code').fill(certificateCode.slice(0, -1) + (certificateCode.endsWith('A') ? 'B' : 'A'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await status.getByText('No certificate has this code.').waitFor();
    expect(await status.locator('dd').count()).toBe(0);
    await context.close();
  }, 120_000);

  it("the programme manager's Training Activity lists the employee's enrolment as completed", async () => {
    const title = (await courseById(COURSE_ID, 'en'))!.title;
    const page = await signedIn(ACCOUNTS.manager);
    await page.goto('/user/training-activity');
    await page.getByRole('heading', { level: 1, name: 'Training Activity' }).waitFor();
    await page.getByLabel('Search employee').fill(LAST);
    const rows = page.locator('.admin-grid .grid-row').filter({ hasText: NAME });
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect((await row.locator('[data-col-id="course"]').textContent())!.trim()).toContain(title);
    expect((await row.locator('[data-col-id="state"]').textContent())!.trim()).toContain('Completed');
    expect((await row.locator('[data-col-id="score"]').textContent())!.trim()).toContain('100');
    await page.context().close();
  }, 120_000);
});
