import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './src/web/build/content-plugin.ts';
import { compressPlugin } from './src/web/build/compress-plugin.ts';
import { bootPlugin } from './src/web/build/boot-plugin.ts';
import { interfaceTextsPlugin } from './src/web/build/interface-texts-plugin.ts';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));

/**
 * The browser bundle (docs/architecture.md): root src/web, output dist/web served by the Fastify server.
 * Pages are lazy chunks; admin-only libraries stay in the admin pages' chunks. The built index.html
 * starts the bundle through a boot script after the first paint (src/web/build/boot-plugin.ts).
 */
export default defineConfig({
  root,
  plugins: [react(), contentPlugin(), interfaceTextsPlugin(), bootPlugin(), compressPlugin()],
  // RJSF's markdown renderer, replaced by the few lines it needs (src/web/components/form/markdown-text.tsx).
  resolve: { alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/web/components/form/markdown-text.tsx', import.meta.url)) } },
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
    // No preload lists for lazy chunks: the list of every page's dependencies would ride in every
    // page's main script (about 1.3 kB gzipped); a page's chunk fetches its own imports as it parses.
    // Style sheets of lazy chunks are still loaded before the chunk runs.
    modulePreload: false,
  },
});
