import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_PERMISSION } from '../../../src/shared/employee-permission';

/**
 * "Who is an employee" is one constant (docs/product.md, figures that agree): the browser's route
 * access, the programme figures, employee search and the employee record import it. A second spelling
 * in code could drift from it, so none may exist. The demo roles list every permission they grant by
 * name, which is data, not a definition.
 */
const SOURCE = /\.(ts|tsx)$/;
const ALLOWED = new Set(['src/shared/employee-permission.ts', 'src/server/db/demo-data.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : SOURCE.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('who is an employee', () => {
  it('is spelled once in code, and every use imports it', () => {
    const spelled = sourceFiles('src').filter(
      (file) => !ALLOWED.has(file) && readFileSync(file, 'utf8').includes(`'${EMPLOYEE_PERMISSION}'`),
    );
    expect(spelled).toEqual([]);
    const importers = sourceFiles('src').filter((file) => readFileSync(file, 'utf8').includes('/employee-permission'));
    expect(importers.length).toBeGreaterThanOrEqual(4);
  });
});
