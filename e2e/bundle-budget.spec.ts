import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { weighPages } from '../packages/web/scripts/bundle-budget';

const dist = join(import.meta.dirname, '../packages/web/dist');

// Issue 12's budgets, over the build this suite runs against (sizes are deterministic: a test,
// where timings would not be). packages/web/scripts/bundle-budget.ts says what is counted.
for (const page of weighPages(dist)) {
  test(`${page.path}: the JavaScript before it is interactive stays within its budget`, () => {
    console.log(
      `${page.path}: ${page.brotliKB} KB brotli (budget ${page.budget.brotliKB}), ` +
        `${page.gzipKB} KB gzip (ceiling ${page.budget.gzipKB}), ${page.files.length} files`,
    );
    expect(page.brotliKB).toBeLessThanOrEqual(page.budget.brotliKB);
    expect(page.gzipKB).toBeLessThanOrEqual(page.budget.gzipKB);
  });
}
