// `npm run dev`: Vite with hot reload on :5173 (proxying /api and /ws) and the server on :5000,
// restarted by tsx watch when its code changes.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'packages/server/src/server.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { TEST_CLOCK: '1', ...process.env },
    },
  ),
  spawn('npm', ['run', 'dev', '-w', '@giro/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
