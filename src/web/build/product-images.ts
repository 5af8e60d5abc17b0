import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { href } from '../../../generated/routes';
import {
  PRODUCT_IMAGES,
  PRODUCT_IMAGE_FOLDER,
  PRODUCT_IMAGE_MANIFEST,
  PRODUCT_IMAGE_WIDTHS,
  productImageAlt,
  productImageFile,
  type ProductImage,
  type ProductImageEntry,
} from '../../shared/product-images';

/**
 * `npm run product-images`: photographs the product itself for the marketing site (SPEC §1 public
 * site). Starts the built product with its demo data on a fresh PGlite folder, signs in through the
 * real login form in Debian's Chromium (never a downloaded browser), and writes each page as WebP at
 * the widths of PRODUCT_IMAGE_WIDTHS into src/web/public/images/product/ (copied into dist/web by
 * Vite). The images are committed, so `npm start` never needs a browser.
 */
const root = resolve(import.meta.dirname, '../../..');
const PASSWORD = 'comfortable-desk-2026';
const VIEWPORT = { width: 1280, height: 800 };
const QUALITY = 0.8;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function startServer(dataDir: string) {
  const port = Number(process.env.PRODUCT_IMAGES_PORT) || (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_HISTORY: 'all', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the server stopped (exit ${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) ready();
    });
  });
  return {
    url,
    stop: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')))),
  };
}

/** Accepts the cookie notice, so it covers nothing in the picture, then signs in. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(href('user_login'));
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith(href('user_login')));
}

/** The browser's own WebP encoder (canvas), at each width: no image library is needed. */
async function encode(page: Page, png: Buffer, width: number): Promise<{ data: Buffer; height: number }> {
  const { dataUrl, height } = await page.evaluate(
    async ({ source, width, quality }) => {
      const picture = new Image();
      picture.src = source;
      await picture.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((picture.naturalHeight * width) / picture.naturalWidth);
      const context = canvas.getContext('2d')!;
      context.imageSmoothingQuality = 'high';
      context.drawImage(picture, 0, 0, canvas.width, canvas.height);
      return { dataUrl: canvas.toDataURL('image/webp', quality), height: canvas.height };
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, width, quality: QUALITY },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('this Chromium cannot encode WebP');
  return { data: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), height };
}

async function photograph(browser: Browser, url: string, image: ProductImage): Promise<Buffer> {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await signIn(page, image.account);
  if (image.opens) {
    await page.goto(image.opens.from);
    await page.locator(image.opens.link).first().click();
  } else {
    await page.goto(image.path);
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // Charts and fonts settle after the last request.
  await page.waitForTimeout(800);
  const png = await page.screenshot({ type: 'png' });
  await context.close();
  return png;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-images-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const folder = join(root, 'src/web/public', PRODUCT_IMAGE_FOLDER);
    mkdirSync(folder, { recursive: true });
    const encoder = await browser.newPage();
    const manifest: ProductImageEntry[] = [];
    for (const image of PRODUCT_IMAGES) {
      const png = await photograph(browser, server.url, image);
      const files: ProductImageEntry['files'] = [];
      for (const width of PRODUCT_IMAGE_WIDTHS) {
        const { data, height } = await encode(encoder, png, width);
        const file = productImageFile(image.name, width);
        writeFileSync(join(folder, file), data);
        files.push({ src: `/${PRODUCT_IMAGE_FOLDER}/${file}`, width, height, bytes: data.length });
        console.log(`${file}: ${Math.round(data.length / 1024)} kB`);
      }
      manifest.push({ name: image.name, alt: productImageAlt(image.name), files });
    }
    writeFileSync(join(root, PRODUCT_IMAGE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
