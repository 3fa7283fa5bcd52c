// What holds a process's main thread, second by second, for placing a tail (stop 47). Preload it
// into Giro (`npm run bench:http -- --node-flags=--import=./bench/support/stall-probe.mjs`) and,
// to see the measuring client too, into the bench itself (`node --import tsx --import
// ./bench/support/stall-probe.mjs bench/http.bench.ts …`), with PROBE_OUT=<file>. Each line is
// `<wall ms> <pid> <what>`, beside the `(wall …)` of the bench's marks in GIRO_STDOUT
// (`node --import tsx bench/stall-report.ts <GIRO_STDOUT> <PROBE_OUT>` sums them by run):
// - `is <script>`: which process the pid is;
// - `stall <ms>`: a 5 ms tick came more than 15 ms late (the event loop was busy or descheduled);
// - `gc <ms> kind <n>`: a collection paused the thread over 5 ms (1 scavenge, 4 mark-compact);
// - `sec cpu <ms> elu <0–1> run <ms> wait <ms>`: each second, the process's CPU, its event loop's
//   utilization, and from the kernel (/proc schedstat) the main thread's time running and its
//   time runnable but waiting for a core.
// Plain JavaScript, so that node preloads it without a loader; it writes nothing without
// PROBE_OUT.
import { appendFileSync, readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.PROBE_OUT;
if (file) {
  const out = (what) => appendFileSync(file, `${Date.now()} ${process.pid} ${what}\n`);
  const schedstat = () =>
    readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
  out(`is ${process.argv[1]?.split('/').pop() ?? 'node'}`);

  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 15) out(`stall ${(now - last).toFixed(1)}`);
    last = now;
  }, 5).unref();

  let cpu = process.cpuUsage();
  let loop = performance.eventLoopUtilization();
  let sched = schedstat();
  setInterval(() => {
    const used = process.cpuUsage(cpu);
    const utilization = performance.eventLoopUtilization(loop).utilization;
    const next = schedstat();
    out(
      `sec cpu ${Math.round((used.user + used.system) / 1000)} elu ${utilization.toFixed(2)} ` +
        `run ${Math.round((next[0] - sched[0]) / 1e6)} wait ${Math.round((next[1] - sched[1]) / 1e6)}`,
    );
    cpu = process.cpuUsage();
    loop = performance.eventLoopUtilization();
    sched = next;
  }, 1000).unref();

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration > 5) out(`gc ${entry.duration.toFixed(1)} kind ${entry.detail?.kind}`);
  }).observe({ entryTypes: ['gc'] });
}
