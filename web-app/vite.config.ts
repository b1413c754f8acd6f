import { defineConfig } from 'vite';

// The server serves the built app at /app/ and its own endpoints below /app/api. For development,
// `npm run dev -w web-app` proxies /app/api to a running server (STUDIO_SERVER, default the
// server's default port) so the session cookie and the Origin check behave as in production.
const server = process.env.STUDIO_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/app/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served build: the bundle stays small and nothing leaks the sources.
    sourcemap: false,
    reportCompressedSize: true,
    // Vite's 500 kB warning counts unzipped bytes; the budget that matters (300 kB gzipped for the
    // first load) is tested (test/bundle-budget.test.ts) and measured by the bench.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Mantine marks its modules 'use client' for React Server Components; meaningless in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: { '/app/api': { target: server, changeOrigin: false, ws: false } },
  },
});
