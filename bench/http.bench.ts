/**
 * HTTP throughput of the session check and the dashboard, each as a ratio to a bare Fastify
 * route measured in the same run (this machine is shared and noisy: ratios, not absolutes).
 * Run: npm run bench:http   (options: --duration 10 --connections 50)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBaseline, startGiro } from './support/servers';
import { signUp } from './support/sign-up';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, duration, connections, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { title, requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

const baseline = await startBaseline(5601);
const giro = await startGiro(5602);
try {
  const cookie = await signUp(giro.url, `bench${Date.now()}`);
  const floor = await measure('bare Fastify route (floor)', `${baseline.url}/baseline`);
  const rows = [
    floor,
    await measure('GET /api/session/check, signed out', `${giro.url}/api/session/check`),
    await measure('GET /api/session/check, signed in', `${giro.url}/api/session/check`, { cookie }),
    await measure('GET /api/dashboard, signed in', `${giro.url}/api/dashboard`, { cookie }),
  ].map((row) => ({ ...row, ratio: Number((row.requestsPerSecond / floor.requestsPerSecond).toFixed(3)) }));

  console.log(`\n${duration} s each, ${connections} connections, embedded PGlite\n`);
  console.log('| route | req/s | p99 ms | ratio to floor |\n|---|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.title} | ${row.requestsPerSecond} | ${row.p99Ms} | ${row.ratio} |`);
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/http.json', import.meta.url),
    `${JSON.stringify({ at: new Date(), duration, connections, rows }, null, 2)}\n`,
  );
} finally {
  await giro.stop();
  await baseline.stop();
}
