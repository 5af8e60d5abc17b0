import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './src/web/build/content-plugin.ts';
import { compressPlugin } from './src/web/build/compress-plugin.ts';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));

/**
 * The browser bundle (ARCHITECTURE.md): root src/web, output dist/web served by the Fastify server.
 * Pages are lazy chunks; admin-only libraries stay in the admin pages' chunks.
 */
export default defineConfig({
  root,
  plugins: [react(), contentPlugin(), compressPlugin()],
  server: {
    host: '127.0.0.1',
    proxy: { '/blogs/api': 'http://127.0.0.1:3000' },
    fs: { allow: [fileURLToPath(new URL('.', import.meta.url))] },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // Read by the pre-renderer and the blog pages to link a page's style sheets (src/shared/static-shell.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every supported browser preloads modules natively; the polyfill would ride in every page's main script.
    modulePreload: { polyfill: false },
  },
});
