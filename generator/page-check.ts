import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from './model';
import type { Problem } from './problems';

/** Every route's page key names a file under the pages folder (`<page>.tsx`). */
export function checkPageFiles(model: Model, pagesDir: string): Problem[] {
  return model.routes
    .filter((route) => route.page && !existsSync(join(pagesDir, `${route.page}.tsx`)))
    .map((route) => ({
      file: route.file,
      key: `${route.key}.page`,
      message: `no page file for "${route.page}" (expected src/web/pages/${route.page}.tsx)`,
    }));
}
