import { resolve } from 'node:path';
import { generate } from './pipeline';
import { ManifestError } from './problems';
import { drift, writeFiles } from './write';

/**
 * `npm run generate` writes generated/ from manifest/; `npm run generate -- --check` regenerates in
 * memory and exits 1 on drift (docs/architecture.md "Generators", after openapi-typescript). Options for tests:
 * `--manifest <dir>`, `--out <dir>` and `--pages <dir>`.
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const root = resolve(import.meta.dirname, '..');
const manifestDir = resolve(option('--manifest') ?? resolve(root, 'manifest'));
const outDir = resolve(option('--out') ?? resolve(root, 'generated'));

try {
  const files = generate({ root, manifestDir, pagesDir: resolve(option('--pages') ?? resolve(root, 'src/web/pages')) });
  if (process.argv.includes('--check')) {
    const drifted = drift(files, outDir);
    if (drifted.length > 0) {
      console.error(`generated/ is out of date with the manifest: ${drifted.join(', ')}\nRun \`npm run generate\` and commit the result.`);
      process.exit(1);
    }
    console.log(`generated/ matches the manifest (${files.length} files).`);
  } else {
    const changed = writeFiles(files, outDir);
    console.log(changed.length ? `wrote ${changed.join(', ')}` : `generated/ already up to date (${files.length} files).`);
  }
} catch (error) {
  if (error instanceof ManifestError) {
    console.error(`The manifest has ${error.problems.length} problem(s):\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
