import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Vite plugin: writes a Brotli (.br) and a gzip (.gz) copy beside every built script and style
 * sheet, once at build time at the highest levels, so the server sends them to browsers that accept
 * them (@fastify/static `preCompressed`) without compressing on each request. A 450 kB main script
 * travels as about 105 kB: on a mobile connection that is most of the page's load time.
 */
export function compressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'ergoportal-compress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          if (content.length < 1024) return;
          await writeFile(
            `${path}.br`,
            brotliCompressSync(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
          );
          await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
        }),
      );
    },
  };
}
