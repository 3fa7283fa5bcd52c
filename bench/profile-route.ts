/**
 * Where a route's time goes: starts Giro with --cpu-prof on a fresh embedded database, loads one
 * path with autocannon, and prints the functions with the most self time.
 * Run: node --import tsx bench/profile-route.ts /api/dashboard [signed-in]
 *   (PROF_ENV='{"DATABASE_URL":"…"}' for PostgreSQL, PROF_SECONDS=15 for a longer load)
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startGiro } from './support/servers';
import { signUp } from './support/sign-up';

const [path = '/api/session/check', signedIn] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'giro-prof-'));
const giro = await startGiro(
  5609,
  { ...(process.env.PROF_ENV ? JSON.parse(process.env.PROF_ENV) : {}) },
  {
    execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  },
);
const cookie = signedIn ? await signUp(giro.url, `prof${Date.now()}`) : undefined;
await autocannon({
  url: `${giro.url}${path}`,
  duration: 2,
  connections: 50,
  headers: cookie ? { cookie } : {},
});
const result = await autocannon({
  url: `${giro.url}${path}`,
  duration: Number(process.env.PROF_SECONDS ?? 5),
  connections: 50,
  headers: cookie ? { cookie } : {},
});
console.log(`${path}: ${Math.round(result.requests.average)} req/s`);
await giro.stop();
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount: number;
  }[];
};
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  total += node.hitCount;
  const f = node.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/packages\//, '')}:${f.lineNumber}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
}
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const url = node.callFrame.url;
  const pkg = url.includes('node_modules/')
    ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : url.includes('/packages/')
      ? url.replace(/.*\/packages\/([^/]+\/src\/[^/]+).*/, '$1')
      : url.startsWith('node:')
        ? url
        : node.callFrame.functionName || '(program)';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
}
for (const [name, map] of [
  ['functions', byFunction],
  ['packages', byPackage],
] as const) {
  console.log(`\n${name}:`);
  for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
