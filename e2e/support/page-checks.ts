import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * What every page must be, checked where a journey stands on it (issue 13): accessible (axe-core,
 * WCAG 2.2 A and AA, which includes 24 px touch targets: no serious or critical violation) and,
 * in Italian, wholly Italian (no raw key, no English sentence).
 */
export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const grave = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(grave, `axe on ${where}`).toEqual([]);
}

type Strings = { [key: string]: string | Strings };
const localeFile = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../packages/web/src/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  ) as Strings;
function flatten(strings: Strings, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}
const stringsOf = (language: string) =>
  flatten({
    ...localeFile(language, 'public'),
    ...localeFile(language, 'app'),
    ...localeFile(language, 'admin'),
  });

const italian = stringsOf('it');
const english = stringsOf('en');
const italianText = [...italian.values()].join('\n');
/** The keys a missing string would show as (only dotted ones: "fund.title"). */
const keys = [...english.keys()].filter((key) => key.includes('.'));
/**
 * English sentences that would betray an untranslated string: the literal parts (between
 * placeholders and tags) of every English string, at least three words long, that no Italian
 * string contains (brand names and the like are the same in both).
 */
const englishSentences = [
  ...new Set(
    [...english.values()]
      .flatMap((value) => value.split(/\{\{[^}]*\}\}|<[^>]*>|\n/))
      .map((part) => part.trim())
      .filter((part) => part.split(/\s+/).length >= 3 && part.length >= 14 && !italianText.includes(part)),
  ),
];

/** The page, read in Italian, shows no raw key and no English sentence. */
export async function expectItalianOnly(page: Page, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  // biome-ignore lint/performance/useDomNodeTextContent: the text shown is what a member reads
  const text = await page.locator('body').innerText();
  const rawKeys = keys.filter((key) =>
    new RegExp(`(^|[^\\w.])${key.replaceAll('.', '\\.')}($|[^\\w.])`).test(text),
  );
  const englishShown = englishSentences.filter((sentence) => text.includes(sentence));
  expect({ rawKeys, englishShown }, `strings on ${where}`).toEqual({ rawKeys: [], englishShown: [] });
}

/** Both checks, on a page that has settled. */
export async function checkPage(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, where);
  if ((await page.locator('html').getAttribute('lang')) === 'it') await expectItalianOnly(page, where);
}

/** The sizes every page is checked at: a phone's first screen and a desktop's. */
export const pageSizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
