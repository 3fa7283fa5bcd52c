// `npm run demo`: a demo organization with a fund in the middle of a cycle, on the test clock,
// then the app as `npm start` serves it. Its own data directory (./data-demo) keeps real data apart.
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
process.env.TEST_CLOCK = '1';
process.env.DATA_DIR ??= join(root, 'data-demo');

register();
const { seedDemoDataDir } = await import(join(root, 'packages/server/src/demo/demo-data-dir.ts'));
await seedDemoDataDir();
await import('./start.mjs');
