import { resolve } from 'node:path';
import { loadModel } from './pipeline';
import { ManifestError } from './problems';
import { sortRoutes } from './emit/routes';

/**
 * `npm run routes` prints the resolved route table for product staff (name, paths, layout, sidebar,
 * permissions, access list); `npm run routes -- --json` prints it as JSON.
 */
const root = resolve(import.meta.dirname, '..');
try {
  const model = loadModel({ root, manifestDir: resolve(root, 'manifest') });
  const routes = sortRoutes(model.routes).map(({ file: _f, key: _k, ...route }) => route);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ routes, redirects: model.redirects, permissions: model.permissions }, null, 2));
  } else {
    const rowsOut = routes.map((r) => [
      r.name,
      [r.path, ...r.aliases].join(' | '),
      r.layout,
      r.sidebar ?? '-',
      r.access,
      r.permissions.join(', ') || '-',
      r.contentAccess.join(', ') || '-',
    ]);
    const header = ['name', 'path (aliases)', 'layout', 'sidebar', 'access', 'permissions (any of)', 'access list'];
    const widths = header.map((h, i) => Math.min(60, Math.max(h.length, ...rowsOut.map((row) => row[i].length))));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(line(header));
    for (const row of rowsOut) console.log(line(row));
    console.log(`\n${routes.length} routes, ${model.redirects.length} redirects, ${model.permissions.length} permissions`);
  }
} catch (error) {
  if (error instanceof ManifestError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
