import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../generated/routes';
import { renderContent } from '../../../src/web/build/render-content';

const ROOT = resolve(import.meta.dirname, '../../..');
const assessmentFiles = readdirSync(join(ROOT, 'content/assessments')).filter((f) => f.endsWith('.yaml'));
const linked = new Set(assessmentFiles.flatMap((f) => [...readFileSync(join(ROOT, 'content/assessments', f), 'utf8').matchAll(/\/user\/([A-Za-z0-9_&-]+)/g)].map((m) => m[1])));
const routePaths = new Set(routes.map((r) => r.path));

describe('recommended equipment pages', () => {
  it('has a page for every equipment slug a self-assessment finding links to', () => {
    const equipment = [...linked].filter((slug) => !routePaths.has(`/user/${slug}`));
    expect(equipment.length).toBeGreaterThan(0);
    expect(equipment.filter((slug) => !existsSync(join(ROOT, 'content/equipment', `${slug}.md`)))).toEqual([]);
  });

  it('renders each page with a title, a summary and guidance blocks', () => {
    for (const file of readdirSync(join(ROOT, 'content/equipment'))) {
      const doc = renderContent(readFileSync(join(ROOT, 'content/equipment', file), 'utf8'));
      expect(doc.meta.title, file).toBeTruthy();
      expect(doc.meta.summary, file).toBeTruthy();
      expect(doc.html, file).toMatch(/<(ol|ul)/);
    }
  });
});
