import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { deadlineLagSeconds, outboxBacklog } from '../db/health.queries';

let processRegistry: Registry | undefined;

/** Node's own metrics (CPU, memory, GC, event loop), collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The Prometheus metrics of one app: request latency by route template, and Giro's health gauges. */
export class AppMetrics {
  private readonly registry = new Registry();
  private readonly duration = new Histogram({
    name: 'giro_http_request_duration_seconds',
    help: 'API request duration by method, route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(deps: { hub: { readonly size: number }; db: Db; clock: Clock }) {
    new Gauge({
      name: 'giro_open_sockets',
      help: 'WebSockets open on this instance',
      registers: [this.registry],
      collect() {
        this.set(deps.hub.size);
      },
    });
    new Gauge({
      name: 'giro_outbox_backlog',
      help: 'Outbox rows due and not processed',
      registers: [this.registry],
      async collect() {
        this.set(await outboxBacklog(deps.db, deps.clock.now()));
      },
    });
    new Gauge({
      name: 'giro_deadline_lag_seconds',
      help: 'Now minus the earliest due fund or request deadline',
      registers: [this.registry],
      async collect() {
        this.set(await deadlineLagSeconds(deps.db, deps.clock.now()));
      },
    });
  }

  observe(method: string, route: string, status: number, durationMs: number): void {
    this.duration.observe({ method, route, status_code: String(status) }, durationMs / 1000);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
