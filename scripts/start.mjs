// `npm start`: build the web app when it is missing or older than its sources, then run the
// server in this same process (so this PID is the server's: stopping it stops everything).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/contract/src',
  'packages/domain/src',
  'package-lock.json',
].map((path) => join(root, path));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const isStale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (isStale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@giro/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import(join(root, 'packages/server/src/server.ts'));
