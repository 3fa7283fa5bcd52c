import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * A small balancer in front of several server instances (issue 19), as a deployment puts one:
 * round-robin over the instances in rotation, WebSocket upgrades passed through as raw TCP, and
 * an instance taken out of rotation when its /readyz answers 503 or its port refuses (back in
 * once it answers 200). A connection refused before anything was sent is tried on the next
 * instance, as balancers do (nothing reached the instance); any other upstream failure is a 502,
 * and whether to retry is the client's business.
 */
export interface InstanceProxy {
  readonly origin: string;
  /** Requests and upgrades handed to each instance, by its index. */
  readonly routed: { requests: number[]; upgrades: number[] };
  /** Which instances are in rotation now, by index. */
  inRotation(): boolean[];
  /** Resolves once every instance is in rotation (its /readyz answered 200). */
  allInRotation(ms?: number): Promise<void>;
  close(): Promise<void>;
}

const HEALTH_EVERY_MS = 100;
/** A slow /readyz (a busy machine) says nothing either way: the instance keeps its state. */
const HEALTH_TIMEOUT_MS = 2000;
/** Hop-by-hop: each leg of the trip has its own connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

export async function startInstanceProxy(ports: readonly number[]): Promise<InstanceProxy> {
  const up = ports.map(() => false);
  const routed = { requests: ports.map(() => 0), upgrades: ports.map(() => 0) };
  const agent = new Agent({ keepAlive: true });
  const upgraded = new Set<Socket>();
  let next = 0;

  /** The next instance in rotation after the last one chosen, skipping `tried`. */
  const choose = (tried: ReadonlySet<number>): number | undefined => {
    for (let i = 0; i < ports.length; i++) {
      const index = (next + i) % ports.length;
      if (up[index] && !tried.has(index)) {
        next = index + 1;
        return index;
      }
    }
    return undefined;
  };

  const health = setInterval(() => {
    ports.forEach(async (port, index) => {
      const state = await check(port);
      if (state !== undefined) up[index] = state;
    });
  }, HEALTH_EVERY_MS);

  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => forward(req, res, body, new Set()),
      () => res.destroy(),
    );
  });
  // Longer than any pause in the test's traffic: a kept-alive connection the proxy closes under
  // a client's request would be a failure of the proxy, not of the instances.
  server.keepAliveTimeout = 60_000;

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, tried: Set<number>) {
    const index = choose(tried);
    if (index === undefined) return answer(res, 503, 'NO_INSTANCE_READY');
    tried.add(index);
    routed.requests[index]! += 1;
    const upstream = request(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: req.method,
        path: req.url,
        headers: endToEnd(req.headers),
        agent,
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, endToEnd(response.headers));
        response.pipe(res);
        response.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: the connection never opened, so the request reached nobody and may go elsewhere.
      if (error.code === 'ECONNREFUSED') {
        up[index] = false;
        return forward(req, res, body, tried);
      }
      if (res.headersSent) res.destroy();
      else answer(res, 502, 'UPSTREAM_FAILED');
    });
    upstream.end(body);
  }

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const tried = new Set<number>();
    const tryNext = () => {
      const index = choose(tried);
      if (index === undefined) return client.destroy();
      tried.add(index);
      routed.upgrades[index]! += 1;
      const upstream = connect(ports[index]!, '127.0.0.1');
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') {
          up[index] = false;
          return tryNext();
        }
        client.destroy();
      });
      upstream.once('connect', () => {
        upstream.on('error', () => client.destroy());
        for (const socket of [client, upstream]) {
          upgraded.add(socket);
          socket.on('close', () => upgraded.delete(socket));
        }
        upstream.write(rawRequestHead(req));
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    };
    tryNext();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    routed,
    inRotation: () => [...up],
    async allInRotation(ms = 60_000) {
      const deadline = Date.now() + ms;
      while (!up.every(Boolean)) {
        if (Date.now() > deadline) throw new Error(`instances not ready: ${JSON.stringify(up)}`);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    },
    async close() {
      clearInterval(health);
      for (const socket of upgraded) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** true: ready (200); false: unready (503) or refusing; undefined: no answer in time. */
function check(port: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/readyz', timeout: HEALTH_TIMEOUT_MS }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => {
      req.destroy();
      resolve(undefined);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? false : undefined),
    );
    req.end();
  });
}

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message: code }));
}

/** The upgrade request as the client sent it, for the instance to answer the handshake. */
function rawRequestHead(req: IncomingMessage): string {
  let head = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    head += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
  return `${head}\r\n`;
}
