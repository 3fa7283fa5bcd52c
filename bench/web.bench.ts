/**
 * Lighthouse (12.2.3, mobile preset, simulated 4G) on the sign-in page and the signed-in home of
 * the demo family, in Debian's Chromium against the real server process. Three runs each; the
 * median of every figure is reported, with the JavaScript each page requested (gzipped bytes on
 * the wire) beside the budgets that packages/web/scripts/bundle-budget.test.ts enforces.
 * Run: npm run bench:web   (options: --runs 3)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { weighPages } from '../packages/web/scripts/bundle-budget';
import { signIn, startDemo } from './support/demo-server';
import { median, printTable, round, writeResult } from './support/report';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const root = new URL('..', import.meta.url).pathname;
const port = 5611;
const origin = `http://127.0.0.1:${port}`;

interface Row {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKB: number;
  scriptKB: number;
  /** Lighthouse's measure of this host's CPU at the run (its mobile preset assumes about 1,500). */
  hostIndex: number;
}

async function audit(path: string, cookie?: string): Promise<Row> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=it-IT',
    ],
  });
  try {
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) throw new Error(`${path}: Lighthouse returned nothing`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const error = new Error(`${path}: ${lhr.runtimeError.message}`);
      throw TRACE_LOST.includes(lhr.runtimeError.code) ? Object.assign(error, { traceLost: true }) : error;
    }
    // The whole report of the last run of each page, to read what a figure is made of.
    mkdirSync(new URL('./results', import.meta.url), { recursive: true });
    writeFileSync(
      new URL(`./results/lighthouse${path.replaceAll('/', '-') || '-'}.json`, import.meta.url),
      result.report as string,
    );
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
      ?.items;
    const scriptBytes = (requests ?? [])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1)
          console.log(`  ${path} ${id}: ${a.id} — ${a.title}`);
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      transferKB: numeric('total-byte-weight') / 1024,
      scriptKB: scriptBytes / 1000,
      hostIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's answer when the browser's trace of the load came back without its start (seen
 * with Debian's Chromium 156 against Lighthouse 12.2.3, one run in a few): the page was not
 * measured, and Lighthouse itself says to run it again.
 */
const TRACE_LOST = ['NO_NAVSTART', 'NO_TRACING_STARTED'];

/** One audit; a run whose trace was lost is run again, up to three times. */
async function auditOnce(path: string, cookie?: string): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(path, cookie);
    } catch (error) {
      if (!(error as { traceLost?: boolean }).traceLost || attempt === 3) throw error;
      console.log(`  ${path}: the trace was lost (${(error as Error).message}); again`);
    }
  }
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const medianRow = (rows: Row[]): Row =>
  Object.fromEntries(
    (Object.keys(rows[0]!) as (keyof Row)[]).map((key) => [key, median(rows.map((row) => row[key]))]),
  ) as unknown as Row;

const stop = await startDemo(port);
try {
  const cookie = (await signIn(origin, 'anna')).header;
  const pages = [
    { title: 'sign-in `/auth`', path: '/auth' as const, cookie: undefined },
    { title: 'signed-in home `/` (anna)', path: '/' as const, cookie },
  ];
  const results: Record<string, Row[]> = {};
  // Interleaved, so a burst of load on the machine touches both pages alike.
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      const row = await auditOnce(page.path, page.cookie);
      results[page.title] = [...(results[page.title] ?? []), row];
      console.log(
        `run ${run + 1} ${page.path}: performance ${row.performance}, LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms, host index ${Math.round(row.hostIndex)}`,
      );
    }
  }
  const weights = new Map(weighPages(join(root, 'packages/web/dist')).map((weight) => [weight.path, weight]));
  const table = pages.map((page) => {
    const m = medianRow(results[page.title]!);
    const weight = weights.get(page.path)!;
    return [
      page.title,
      m.performance,
      m.accessibility,
      m.bestPractices,
      m.seo,
      round(m.fcpMs / 1000, 2),
      round(m.lcpMs / 1000, 2),
      Math.round(m.tbtMs),
      round(m.cls, 3),
      Math.round(m.transferKB),
      round(m.scriptKB, 1),
      `${weight.brotliKB} / ${weight.gzipKB} (${weight.budget.brotliKB} / ${weight.budget.gzipKB})`,
      Math.round(m.hostIndex),
    ];
  });
  console.log(`\nLighthouse 12.2.3, mobile, simulated 4G; median of ${runs} runs\n`);
  printTable(
    [
      'page',
      'performance',
      'accessibility',
      'best practices',
      'SEO',
      'FCP s',
      'LCP s',
      'TBT ms',
      'CLS',
      'KiB moved',
      'JS KB moved',
      'JS waited for, KB br / gz (budget)',
      'host index',
    ],
    table,
  );
  writeResult('web', { runs, results });
} finally {
  await stop();
}
