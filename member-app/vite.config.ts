import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server serves the built app at /m/ and its endpoints below /m/api. For development,
// `npm run dev -w member-app` proxies /m/api to a running server (STUDIO_SERVER, default the
// server's default port) so the session cookie and the Origin check behave as in production.
const server = process.env.STUDIO_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/m/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: true },
  plugins: [
    VitePWA({
      // The service worker is registered by a file (registerSW.js), never an inline script: the CSP allows none.
      injectRegister: 'script',
      registerType: 'autoUpdate',
      // The manifest is generic: the location is known only from the address or the session, not at build time.
      manifest: {
        name: 'Studio',
        short_name: 'Studio',
        description: 'Your studio: sign in with a code sent to your email.',
        start_url: '/m/',
        scope: '/m/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1f5f8b',
        icons: [
          { src: '/m/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/m/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        ],
      },
      workbox: {
        // The app shell: every script, style, catalog chunk and icon, so the app opens with no signal.
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
        navigateFallback: '/m/index.html',
        // The endpoints are never answered from the cache: a member's data is the server's.
        navigateFallbackDenylist: [/^\/m\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        // A new worker takes over at once, the first one included: the first visit already works offline after.
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
  ],
  server: {
    proxy: { '/m/api': { target: server, changeOrigin: false, ws: false } },
  },
});
