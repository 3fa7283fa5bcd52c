import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './scripts/route-preloads';

// The web app: React + Tailwind, installable (PWA). In development /api and /ws go to the server.
export default defineConfig({
  resolve: {
    alias: [
      // wouter and react-i18next import the shim that gave React 17 useSyncExternalStore; React 19
      // has it, and the shim only hands React's own back. Aliased to that, the shell every page
      // loads is lighter by the shim (issue 12's budgets).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    // index.html asks for the opened page's chunks beside the shell's (scripts/route-preloads).
    routePreloads(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'Giro',
        short_name: 'Giro',
        description: 'Fondi a rotazione e richieste di aiuto per famiglie e gruppi',
        lang: 'it',
        start_url: '/',
        display: 'standalone',
        background_color: '#fafaf9',
        theme_color: '#0f766e',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Web Push (issue 14): showing a push and opening its screen on a click, a plain script of
        // public/ run inside the generated worker. It is precached too, so its revision is in
        // sw.js: a change to it changes sw.js, and browsers install the new worker.
        importScripts: ['/push-sw.js'],
        navigateFallback: '/index.html',
        // Pages the server renders itself: the sandbox provider's onboarding page.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/sandbox\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Precached: the shell and the pages a member uses, so an installed app starts offline.
        // Not the admin pages and their strings, nor what few members ever open (the chart
        // library of ADR 0016, the captcha of registration, the live card provider's elements):
        // those are cached the first time they are used.
        globIgnores: [
          '**/admin-*.js',
          '**/chart-*.js',
          '**/load-altcha-*',
          '**/stripe-card-element-*.js',
          '**/*.map',
        ],
        runtimeCaching: [
          {
            // Hashed file names never change meaning: the cached copy is always right.
            urlPattern: /\/assets\/[\w.-]+\.(js|css)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'giro-assets', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
    // Every text file precompressed beside itself (.br at brotli's best; .gz by Zopfli, gzip that
    // any client reads, 3–4 % smaller than zlib's best, paid once at build time); the server
    // sends the one the browser accepts (ADR 0019).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm(
          async (file) => Buffer.from(await gzipAsync(file as Buffer, { numiterations: 15 })),
          {},
        ),
      ],
      include: /\.(html|js|mjs|css|json|svg|webmanifest|txt)$/,
      exclude: /\.map$/,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/ws': { target: 'ws://127.0.0.1:5000', ws: true },
    },
  },
  // The manifest maps each source to its chunk and imports: the bundle budget test reads it.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 300,
    // No modulepreload polyfill in the shell: every browser we serve but Safari before 17 reads
    // <link rel="modulepreload"> itself, and there a preload skipped only costs a little time.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page needs before it runs (React, i18next, TanStack Query, the shell) is one
        // chunk, not two dozen small ones: fewer requests, and it compresses better as a whole.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
