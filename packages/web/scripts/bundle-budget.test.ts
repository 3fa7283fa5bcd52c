// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Manifest, type PageBudget, weighPages } from './bundle-budget';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build as Vite leaves it: index.html, the manifest, each chunk with its .br and .gz sizes. */
function fakeBuild(chunks: Record<string, { file: string; imports?: string[]; br: number; gz: number }>) {
  const dist = mkdtempSync(join(tmpdir(), 'giro-budget-'));
  dirs.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  const manifest: Manifest = {};
  for (const [key, chunk] of Object.entries(chunks)) {
    manifest[key] = { file: chunk.file, ...(chunk.imports ? { imports: chunk.imports } : {}) };
    writeFileSync(join(dist, chunk.file), 'x'.repeat(chunk.gz * 4));
    writeFileSync(join(dist, `${chunk.file}.br`), Buffer.alloc(chunk.br));
    writeFileSync(join(dist, `${chunk.file}.gz`), Buffer.alloc(chunk.gz));
  }
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(dist, 'index.html'),
    '<script type="module" crossorigin src="/assets/shell.js"></script>',
  );
  return dist;
}

const page: PageBudget = {
  path: '/auth',
  page: 'auth.tsx',
  strings: ['it.json'],
  brotliKB: 100,
  gzipKB: 115,
};

describe('the JavaScript budget over the build output', () => {
  it('counts the shell, the page with what it imports and the strings, once each', () => {
    const dist = fakeBuild({
      _shell: { file: 'assets/shell.js', br: 60_000, gz: 70_000 },
      'auth.tsx': { file: 'assets/auth.js', imports: ['_shell', '_form'], br: 5_000, gz: 6_000 },
      _form: { file: 'assets/form.js', imports: ['_shell'], br: 3_000, gz: 4_000 },
      'it.json': { file: 'assets/it.js', br: 2_000, gz: 2_500 },
      'admin.tsx': { file: 'assets/admin.js', imports: ['_shell'], br: 90_000, gz: 90_000 },
    });
    const [weight] = weighPages(dist, [page]);
    expect(weight).toMatchObject({ brotliKB: 70, gzipKB: 82.5, isOver: false });
    expect(weight!.files.sort()).toEqual([
      'assets/auth.js',
      'assets/form.js',
      'assets/it.js',
      'assets/shell.js',
    ]);
  });

  it('fails a page that grows past its budget, in either encoding', () => {
    const grown = fakeBuild({
      _shell: { file: 'assets/shell.js', br: 60_000, gz: 70_000 },
      'auth.tsx': { file: 'assets/auth.js', imports: ['_shell', '_chart'], br: 5_000, gz: 6_000 },
      _chart: { file: 'assets/chart.js', br: 35_100, gz: 38_000 },
      'it.json': { file: 'assets/it.js', br: 0, gz: 0 },
    });
    expect(weighPages(grown, [page])[0]).toMatchObject({ brotliKB: 100.1, isOver: true });
    const gzipOnly = fakeBuild({
      _shell: { file: 'assets/shell.js', br: 60_000, gz: 110_000 },
      'auth.tsx': { file: 'assets/auth.js', br: 5_000, gz: 5_100 },
      'it.json': { file: 'assets/it.js', br: 0, gz: 0 },
    });
    expect(weighPages(gzipOnly, [page])[0]).toMatchObject({ brotliKB: 65, gzipKB: 115.1, isOver: true });
  });

  it('refuses a build whose index.html loads a script the manifest does not know', () => {
    const dist = fakeBuild({ 'auth.tsx': { file: 'assets/auth.js', br: 1, gz: 1 } });
    expect(() => weighPages(dist, [page])).toThrow(/manifest does not know/);
  });
});
