import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { PATHS } from './src/app/paths';

/** Validation rules shared with the services (spec §5 messages), compiled from source. */
const RULES = fileURLToPath(new URL('../services/kit/src/rules/index.ts', import.meta.url));
/** Their zod-free part, for code every page loads. */
const PLAIN_RULES = fileURLToPath(new URL('../services/kit/src/rules/plain.ts', import.meta.url));

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

/** API calls go to the gateway; a browser asking for a page (GET text/html) is still the app. */
const toGateway: ProxyOptions = {
  target: GATEWAY,
  changeOrigin: false,
  bypass: (req) => {
    if (req.method === 'GET' && req.headers.accept?.includes('text/html')) return '/index.html';
    return undefined;
  },
};

/** routes.json: the app's path patterns, so the gateway answers 404 for a path no page serves. */
const routeList = (): Plugin => ({
  name: 'syn-route-list',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(Object.values(PATHS)) });
  },
});

export default defineConfig({
  plugins: [react(), routeList()],
  resolve: {
    alias: [
      { find: /^@syn\/kit\/rules$/, replacement: RULES },
      { find: /^@syn\/kit\/rules\/plain$/, replacement: PLAIN_RULES },
    ],
  },
  build: {
    // The bundle-size check reads the manifest to know which chunks load first.
    manifest: true,
    target: 'es2022',
    // No source maps in the build the gateway serves: they would publish the app's source (the
    // dev server still has its own). The gateway refuses *.map as well (gateway/src/plugin/web.ts).
    sourcemap: false,
    rollupOptions: {
      output: {
        // Stable vendor chunk: app releases do not bust the cached React/Redux code.
        manualChunks: (id) => {
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|react-redux|redux|immer|reselect|use-sync-external-store)\//.test(
              id,
            )
          ) {
            return 'vendor';
          }
          return undefined;
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': toGateway,
      '/subscribe': toGateway,
      '/health': toGateway,
      // The seller details and embed origins are the gateway's configuration (src/app/siteInfo.ts).
      '/site.json': toGateway,
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
