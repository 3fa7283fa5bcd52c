/**
 * The README's pictures (issue 13): the demo family (npm run demo's seed) served as npm start
 * serves it, anna signed in, her home, fund, requests and account at a phone's size (390×844)
 * and a desktop's (1280×800), in Italian, in Debian's Chromium, written to docs/screenshots/.
 * Each picture is a page's first screen, as a member opening it sees it.
 * Run: npm run screenshots   (after npm run build)
 */
import { chromium, type Page } from '@playwright/test';
import { signIn, startDemo } from './support/demo-server';

const port = 5612;
const origin = `http://127.0.0.1:${port}`;
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const shots = [
  { name: 'home', path: '/' },
  { name: 'fund', path: '/fund' },
  { name: 'requests', path: '/requests' },
  { name: 'account', path: '/account' },
];

async function take(page: Page, path: string, file: string) {
  await page.goto(`${origin}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: file, animations: 'disabled' });
}

const stop = await startDemo(port);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  const { cookies } = await signIn(origin, 'anna');
  for (const size of sizes) {
    const context = await browser.newContext({
      locale: 'it-IT',
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: size.name === 'phone' ? 2 : 1,
      reducedMotion: 'reduce',
    });
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
    const page = await context.newPage();
    // The cookie banner is answered once, as a member would.
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: 'Accetta tutti' }).click();
    for (const shot of shots) {
      const file = `${out}${shot.name}-${size.name}.png`;
      await take(page, shot.path, file);
      console.log(`wrote ${file.replace(out, 'docs/screenshots/')}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await stop();
}
