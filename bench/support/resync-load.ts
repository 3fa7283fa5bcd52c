import WebSocket from 'ws';
import { percentile, sleep } from './report';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * RESYNC_REQUEST over authenticated /ws sockets, as autocannon does for HTTP: each socket asks
 * again as soon as its answer arrives (closed loop), or, with `rate`, all sockets together ask
 * `rate` times a second whatever the answers do (open loop, for latency at a given load).
 */
export async function resyncLoad(options: {
  wsUrl: string;
  origin: string;
  cookies: string[];
  sockets: number;
  durationMs: number;
  rate?: number;
}): Promise<LoadResult> {
  const sockets = await Promise.all(
    Array.from({ length: options.sockets }, (_, i) =>
      open(options, options.cookies[i % options.cookies.length]!),
    ),
  );
  const latencies: number[] = [];
  let answered = 0;
  let running = true;
  const started = performance.now();
  const asks = sockets.map((socket, i) => {
    const sentAt: number[] = [];
    const ask = () => {
      sentAt.push(performance.now());
      socket.send(JSON.stringify({ type: 'RESYNC_REQUEST', requestId: `b${i}`, timestamp: Date.now() }));
    };
    socket.on('message', (data) => {
      if (!String(data).startsWith('{"type":"RESYNC_RESPONSE"')) return;
      latencies.push(performance.now() - sentAt.shift()!);
      answered++;
      if (running && options.rate === undefined) ask();
    });
    return ask;
  });
  let timer: NodeJS.Timeout | undefined;
  if (options.rate === undefined) for (const ask of asks) ask();
  else {
    // Ticks of 5 ms, each sending what the rate owes by then, spread over the sockets.
    let sent = 0;
    timer = setInterval(() => {
      const owed = Math.floor(((performance.now() - started) / 1000) * options.rate!);
      for (; sent < owed; sent++) asks[sent % asks.length]!();
    }, 5);
  }
  await sleep(options.durationMs);
  running = false;
  clearInterval(timer);
  const elapsed = (performance.now() - started) / 1000;
  const result = {
    requestsPerSecond: Math.round(answered / elapsed),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
  await sleep(200);
  for (const socket of sockets) socket.close();
  return result;
}

function open(options: { wsUrl: string; origin: string }, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(options.wsUrl, { headers: { cookie }, origin: options.origin });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'AUTHENTICATE' })));
    ws.once('message', (data) => {
      if (String(data).includes('"AUTHENTICATED"')) resolve(ws);
      else reject(new Error(`answered ${String(data).slice(0, 80)}`));
    });
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}
