import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_PERMISSION } from '../../../src/shared/employee-permission';
import { repositoryRoot, trackedSources } from '../../helpers/source-files';

/**
 * "Who is an employee" is one constant (docs/product.md, figures that agree): the browser's route
 * access, the programme figures, employee search and the employee record import it. A second spelling
 * in code could drift from it, so none may exist. The demo roles list every permission they grant by
 * name, which is data, not a definition.
 */
const ALLOWED = new Set(['src/shared/employee-permission.ts', 'src/server/db/demo-data.ts']);
const read = (file: string) => readFileSync(join(repositoryRoot, file), 'utf8');

describe('who is an employee', () => {
  it('is spelled once in code, and every use imports it', () => {
    const sources = trackedSources(['src']);
    const spelled = sources.filter((file) => !ALLOWED.has(file) && read(file).includes(`'${EMPLOYEE_PERMISSION}'`));
    expect(spelled).toEqual([]);
    const importers = sources.filter((file) => read(file).includes('/employee-permission'));
    expect(importers.length).toBeGreaterThanOrEqual(4);
  });
});
