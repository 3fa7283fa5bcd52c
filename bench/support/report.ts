import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The median of a list (the figure reported for repeated runs on this noisy machine). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Prints a markdown table. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const align = headers.map((_, i) => (typeof rows[0]?.[i] === 'number' ? '---:' : '---'));
  console.log(`| ${headers.join(' | ')} |`);
  console.log(`|${align.join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** Writes bench/results/<name>.json with the time and the machine's load. */
export function writeResult(name: string, data: object): void {
  mkdirSync(new URL('../results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL(`../results/${name}.json`, import.meta.url),
    `${JSON.stringify({ at: new Date(), loadAverage: loadavg().map((x) => round(x)), ...data }, null, 2)}\n`,
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wall clock in milliseconds with sub-millisecond precision, comparable across processes:
 * performance.now() anchored on the instant Date.now() ticks (performance.timeOrigin alone
 * differed between processes here by up to 9 ms), re-anchored every 2 s against drift.
 */
function anchor(): number {
  const t = Date.now();
  let d = Date.now();
  while (d === t) d = Date.now();
  return d - performance.now();
}
let base = anchor();
setInterval(() => {
  base = anchor();
}, 2000).unref();
export const nowMs = () => base + performance.now();

/** Runs `task` over `items` with at most `limit` at once. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The list under `key`, created empty on first use. */
export function listOf<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** Mean µs a call of `call`, over `n` calls in a row (`i`: the call's number). */
export function microsEach(n: number, call: (i: number) => void): number {
  const started = performance.now();
  for (let i = 0; i < n; i++) call(i);
  return ((performance.now() - started) * 1000) / n;
}

/** Mean µs a call of `call`, over `n` calls one after the other. */
export async function microsEachAsync(n: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) await call(i);
  return ((performance.now() - started) * 1000) / n;
}
