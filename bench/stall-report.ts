/**
 * Sums what bench/support/stall-probe.mjs wrote, by half-rate run of `npm run bench:http`: for
 * each process, its stalls over 15 ms, its collections over 5 ms, and per second its main
 * thread's time running and waiting for a core. The first second of a run (the load's warm-up,
 * not measured) is left out.
 * Run: node --import tsx bench/stall-report.ts <GIRO_STDOUT file> <PROBE_OUT file>
 */
import { readFileSync } from 'node:fs';

const [marksFile, probeFile] = process.argv.slice(2);
if (!marksFile || !probeFile) throw new Error('usage: bench/stall-report.ts <GIRO_STDOUT> <PROBE_OUT>');

interface Line {
  at: number;
  pid: string;
  what: string;
  values: string[];
}
const lines: Line[] = readFileSync(probeFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [at, pid, what, ...values] = line.split(' ');
    return { at: Number(at), pid: pid!, what: what!, values };
  });
const names = new Map(lines.filter((l) => l.what === 'is').map((l) => [l.pid, l.values[0]!]));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const field = (line: Line, name: string) => Number(line.values[line.values.indexOf(name) + 1]);

let started: { at: number; title: string } | undefined;
for (const mark of readFileSync(marksFile, 'utf8').split('\n')) {
  const found = /^\[bench\] \d+ ms \(wall (\d+)\): (.*)$/.exec(mark);
  if (!found) continue;
  const [, wall, label] = found;
  const opened = /^(.*): half rate \((\d+)\/s\), run (\d+)$/.exec(label!);
  if (opened) {
    started = { at: Number(wall), title: `${opened[1]} at ${opened[2]}/s, run ${opened[3]}` };
    continue;
  }
  const ended = /half rate done, p99 ([\d.]+) ms$/.exec(label!);
  if (!ended || !started) continue;
  const from = started.at + 1000;
  const inRun = lines.filter((l) => l.at >= from && l.at <= Number(wall));
  const parts = [...names].map(([pid, name]) => {
    const own = inRun.filter((l) => l.pid === pid);
    const stalls = own.filter((l) => l.what === 'stall').map((l) => Number(l.values[0]));
    const pauses = own.filter((l) => l.what === 'gc').map((l) => Number(l.values[0]));
    const seconds = own.filter((l) => l.what === 'sec');
    const perSecond = (name: string) =>
      Math.round(sum(seconds.map((s) => field(s, name))) / Math.max(1, seconds.length));
    return (
      `${name}: stalls ${stalls.length} (${Math.round(sum(stalls))} ms), gc ${pauses.length} ` +
      `(${Math.round(sum(pauses))} ms), run ${perSecond('run')} wait ${perSecond('wait')} ms/s`
    );
  });
  console.log(`${started.title}: p99 ${ended[1]} ms\n  ${parts.join('\n  ')}`);
  started = undefined;
}
