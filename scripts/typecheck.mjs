// Type-checks every workspace with its own tsconfig (each has its own libs: DOM for web, node for server).
import { execFileSync } from 'node:child_process';

const projects = [
  'packages/domain',
  'packages/contract',
  'packages/server',
  'packages/web',
  'packages/web/scripts',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
