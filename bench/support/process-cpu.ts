/**
 * CPU time spent by processes, from Linux's /proc (user + system, every thread): what a request
 * costs the server, PostgreSQL and the load client, which the host's disk and stalls move far
 * less than they move a rate (issue 15: a contribution's rate against its insert floor read
 * 0.18–0.41 for the same code, its CPU 1.4–2.0 ms). Elsewhere than Linux every reading is null.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const linux = existsSync('/proc/self/stat');
const TICK_MS = linux ? 1000 / Number(execSync('getconf CLK_TCK').toString()) : 0;

/** A process's CPU so far, in ms (clock ticks: 10 ms each here), or 0 once it is gone. */
function processCpuMs(pid: number | string): number {
  try {
    // The fields after the command's name, which may hold spaces: utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process on this machine: the backends and the server's own (WAL writer, vacuum). */
function postgresPids(): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
    } catch {
      return false;
    }
  });
}

/** CPU so far, in ms: the named processes', every PostgreSQL process's together, this process's. */
export type CpuReading = Record<string, number> & { postgres: number; client: number };

/**
 * Reads the CPU of the named processes (the servers), of every PostgreSQL process and of this
 * process (the load client) so far. The PostgreSQL processes are looked up at each reading; one
 * that ends between two readings keeps what it had at the last (the pools' connections stay
 * open). Null where there is no /proc.
 */
export function cpuReader(servers: Record<string, number | undefined>): (() => CpuReading) | null {
  if (!linux) return null;
  const postgres = new Map<string, number>();
  return () => {
    for (const pid of postgresPids()) postgres.set(pid, processCpuMs(pid));
    const usage = process.cpuUsage();
    const reading: Record<string, number> = {
      postgres: [...postgres.values()].reduce((a, b) => a + b, 0),
      client: (usage.user + usage.system) / 1000,
    };
    for (const [name, pid] of Object.entries(servers))
      reading[name] = pid === undefined ? 0 : processCpuMs(pid);
    return reading as CpuReading;
  };
}

/** What one server, PostgreSQL and the client spent between two readings, per request, in µs. */
export function cpuPerRequestUs(
  server: string,
  from: CpuReading,
  to: CpuReading,
  requests: number,
): { server: number; postgres: number; client: number } {
  const per = (key: string) => Math.round(((to[key]! - from[key]!) * 1000) / requests);
  return { server: per(server), postgres: per('postgres'), client: per('client') };
}

/**
 * PostgreSQL's WAL insert position so far, in bytes (the whole cluster's: on this machine only
 * the bench writes). What a write run wrote between two readings is a figure the host's noise
 * does not move, as it moves rates and CPU: it says what a request writes, not how fast.
 */
export async function walBytes(
  query: (text: string) => Promise<{ rows: { lsn: string }[] }>,
): Promise<bigint> {
  const { rows } = await query('select pg_current_wal_insert_lsn()::text as lsn');
  const [high, low] = rows[0]!.lsn.split('/') as [string, string];
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}
