import { Agent, request } from 'node:http';
import { percentile, sleep } from './report';
import type { LoadResult } from './resync-load';

/**
 * GETs at a steady `rate` a second, spaced evenly (a tick every 5 ms sends what is owed), on at
 * most `connections` kept-alive connections: the latency a member sees at a given load.
 * autocannon's own `overallRate` lets each connection send its whole second's quota at once,
 * so its p99 at half rate is really a burst at full rate.
 */
export async function pacedLoad(options: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  connections: number;
  durationMs: number;
  expect?: number;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  // The first second opens the connections and is not counted.
  const WARMUP_MS = 1000;
  let failed = 0;
  let sent = 0;
  let pending = 0;
  const get = () => {
    const started = performance.now();
    pending++;
    const req = request(options.url, { agent, headers: options.headers }, (response) => {
      response.resume();
      response.on('end', () => {
        pending--;
        if (response.statusCode !== (options.expect ?? 200)) failed++;
        if (started - begun >= WARMUP_MS) latencies.push(performance.now() - started);
      });
    });
    req.on('error', () => {
      pending--;
      failed++;
    });
    req.end();
  };
  const begun = performance.now();
  const timer = setInterval(() => {
    const owed = Math.floor(((performance.now() - begun) / 1000) * options.rate);
    for (; sent < owed; sent++) get();
  }, 5);
  await sleep(WARMUP_MS + options.durationMs);
  clearInterval(timer);
  for (let waited = 0; pending > 0 && waited < 5000; waited += 50) await sleep(50);
  agent.destroy();
  if (failed > 0) throw new Error(`${options.url}: ${failed} of ${sent} paced requests failed`);
  return {
    requestsPerSecond: Math.round(latencies.length / (options.durationMs / 1000)),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}
