import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const VIDEO_HOSTS = /youtube|youtu\.be|ytimg|googlevideo|vimeo|wistia|doubleclick/i;

describe('video library', () => {
  it('requests nothing from a video host until play is pressed, then frames the privacy-enhanced player', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    const hostRequests: string[] = [];
    // Requests to the host are recorded and answered locally, so the test never leaves the machine.
    await context.route(VIDEO_HOSTS, (route) => {
      hostRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' });
    });
    await signIn(page, ACCOUNTS.videoViewer);
    await page.waitForURL('**/user/video_library');
    const play = page.getByRole('button', { name: /^Play video: Ergonomics expert explains/ });
    await play.waitFor();
    await page
      .getByRole('button', { name: /^Play video:/ })
      .nth(1)
      .waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(hostRequests).toEqual([]);

    await page.getByLabel('Search videos').fill('wall street');
    await expect.poll(() => page.getByRole('button', { name: /^Play video:/ }).count()).toBe(1);
    await page.getByRole('status').filter({ hasText: '1 video' }).waitFor();
    expect(hostRequests).toEqual([]);

    await play.press('Enter');
    const frame = page.locator('iframe[title="Ergonomics expert explains how to set up your desk"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/F8_ME4VwTiw?autoplay=1&rel=0');
    await expect.poll(() => hostRequests.length).toBeGreaterThan(0);
    expect(hostRequests.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/F8_ME4VwTiw'))).toBe(true);
    const csp = (await page.request.get('/user/video_library')).headers()['content-security-policy'];
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    await context.close();
  });

  it('lets an admin add a video (a bad URL refused with the SPEC §5 message) that employees then see', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/videos');
    await page.getByRole('button', { name: 'Add video' }).click();
    const form = page.getByRole('group', { name: 'Add a video' });
    await form.getByLabel(/^Title/).fill('Screen breaks');
    await form.getByLabel(/^Video URL/).fill('https://example.com/video/1');
    await form.getByLabel(/^Category/).selectOption('Eyes and screens');
    await page.getByRole('button', { name: 'Add video' }).click();
    await page.getByText('Please enter a valid YouTube, Vimeo or Wistia video URL.').waitFor();
    await form.getByLabel(/^Video URL/).fill('https://vimeo.com/76979871');
    await page.getByRole('button', { name: 'Add video' }).click();
    await page.getByRole('gridcell', { name: 'Screen breaks', exact: true }).waitFor();
    await context.close();

    const employee = await product.newContext();
    const viewer = await employee.newPage();
    await signIn(viewer, ACCOUNTS.employee);
    await viewer.goto('/user/video_library');
    await viewer.getByRole('button', { name: 'Eyes and screens' }).click();
    await viewer.getByRole('heading', { name: 'Screen breaks' }).waitFor();
    expect(await viewer.getByRole('button', { name: /^Play video:/ }).count()).toBe(1);
    await viewer.goto('/admin/videos');
    await viewer.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await employee.close();
  });

  it('edits and removes a video from the row buttons of the admin grid, found by a title search', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/videos');
    await page.getByRole('button', { name: 'Add video' }).click();
    const form = page.getByRole('group', { name: 'Add a video' });
    await form.getByLabel(/^Title/).fill('Lamp glare');
    await form.getByLabel(/^Video URL/).fill('https://vimeo.com/76979871');
    await form.getByLabel(/^Category/).selectOption('Lab work');
    await page.getByRole('button', { name: 'Add video' }).click();
    await page.getByLabel('Search title').fill('lamp');
    await page
      .getByRole('status')
      .filter({ hasText: /^1 video$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Edit Lamp glare' }).click();
    await page
      .getByRole('group', { name: 'Edit Lamp glare' })
      .getByLabel(/^Title/)
      .fill('Lamp glare at the bench');
    await page.getByRole('button', { name: 'Save video' }).click();
    await page.getByRole('gridcell', { name: 'Lamp glare at the bench', exact: true }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove Lamp glare at the bench' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^0 videos$/ })
      .waitFor();
    await context.close();
  });
});

describe('blog', () => {
  it('an admin writes a draft, previews it sanitised, publishes it, and visitors read it without JavaScript', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Center' }).waitFor();
    // The admin sidebar's entry (the admin center's card leads to the same page).
    const blogLink = page.getByRole('link', { name: 'Blog (opens in a new tab)', exact: true });
    expect(await blogLink.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), blogLink.click()]);
    await tab.getByRole('heading', { name: 'Blog Admin' }).waitFor();
    await tab.getByRole('button', { name: 'Ok' }).click(); // the cookie notice
    await tab.getByRole('link', { name: 'Write a new post' }).click();
    await tab.getByLabel('Title').fill('Desk plants and wellbeing');
    expect(await tab.getByLabel('Address').inputValue()).toBe('desk-plants-and-wellbeing');
    await tab.getByLabel(/^Summary/).fill('Why a little green near your desk helps.');
    await tab
      .getByLabel(/^Content/)
      .fill('## Why\n\nPlants **help**.\n\n<img src=x onerror="window.hacked=1">\n\n[bad](javascript:window.hacked=2)');
    await tab.getByRole('button', { name: 'Preview' }).click();
    const preview = tab.locator('.blog-preview');
    await preview.locator('strong', { hasText: 'help' }).waitFor();
    expect(await preview.locator('img, script, a').count()).toBe(0);
    expect(await tab.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await tab.getByRole('button', { name: 'Save draft' }).click();
    await tab.waitForURL(/\/admin\/blog\/\d+$/);

    const visitor = await product.browser.newContext({ baseURL: product.server.url, javaScriptEnabled: false });
    const reader = await visitor.newPage();
    expect((await reader.goto('/en/blog/desk-plants-and-wellbeing'))?.status()).toBe(404);
    await tab.getByRole('button', { name: 'Publish' }).click();
    await tab.getByRole('button', { name: 'Update published post' }).waitFor();
    expect((await reader.goto('/en/blog/desk-plants-and-wellbeing'))?.status()).toBe(200);
    // The admin list (manifest/grids/blog_posts.yaml) finds it by title, published, with its View link.
    await tab.getByRole('link', { name: 'All posts' }).click();
    await tab.getByLabel('Search title').fill('desk plants');
    await tab
      .getByRole('status')
      .filter({ hasText: /^1 post$/ })
      .waitFor();
    const row = tab.locator('.grid-row', { hasText: 'Desk plants and wellbeing' });
    await row.getByText('Published').waitFor();
    await row.getByRole('link', { name: 'View Desk plants and wellbeing' }).waitFor();
    await tab.getByLabel('Status', { exact: true }).selectOption({ label: 'Draft' });
    await tab
      .getByRole('status')
      .filter({ hasText: /^0 posts$/ })
      .waitFor();
    expect(await reader.getByRole('heading', { level: 1 }).innerText()).toBe('Desk plants and wellbeing');
    expect(await reader.title()).toBe('ErgoPortal - Desk plants and wellbeing');
    await reader.goto('/blogs/en/blog');
    await reader.getByRole('link', { name: 'Desk plants and wellbeing' }).waitFor();
    await visitor.close();
    await context.close();
  });

  it('the SPEC §2 redirects land on real posts in the app', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/when-noise-takes-you-off-your-game/');
    await page.waitForURL('**/en/blog/when-noise-takes-you-off-your-game');
    await page.getByRole('heading', { level: 1, name: 'When noise takes you off your game' }).waitFor();
    await page.getByRole('link', { name: 'All posts' }).click();
    await page.getByRole('link', { name: /Too many meetings/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Too many meetings/ }).waitFor();
    await context.close();
  });
});

describe('illustrations', () => {
  it('guidance pages show their SVG illustrations as named images', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/posture_perfect');
    const picture = page.getByRole('img', { name: /^Side view of a neutral seated posture/ });
    await picture.waitFor();
    // The page arrives pre-rendered; measured once the app has taken it over (the profile button is the app's).
    await page.getByRole('button', { name: /Erin/ }).waitFor();
    expect((await picture.boundingBox())!.width).toBeGreaterThan(250);
    await page.goto('/user/pipetting');
    await page.getByRole('img', { name: /lab bench/ }).waitFor();
    await page.getByText("Bring the work to you: low, close and within forearm's reach.").waitFor();
    await context.close();
  });
});

describe('compressed assets', () => {
  it('sends the main script as the Brotli copy to browsers that accept it, plain to those that do not', async () => {
    const { get } = await import('node:http');
    const html = await (await fetch(`${product.server.url}/`)).text();
    // index.html loads the boot script, which names the main script (src/web/build/boot-plugin.ts).
    const boot = await (await fetch(`${product.server.url}${/<script type="module" src="([^"]+)"/.exec(html)![1]}`)).text();
    const main = /"entry":"([^"]+)"/.exec(boot)![1];
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; bytes: number }>((resolveRaw, reject) => {
        get(`${product.server.url}${main}`, { headers: { 'accept-encoding': encoding } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on('end', () => resolveRaw({ encoding: response.headers['content-encoding'], bytes }));
        }).on('error', reject);
      });
    const plain = await raw('identity');
    const brotli = await raw('gzip, deflate, br');
    expect(plain.encoding).toBeUndefined();
    expect(brotli.encoding).toBe('br');
    expect(brotli.bytes).toBeLessThan(plain.bytes / 3);
  });
});
