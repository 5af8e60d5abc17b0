import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { STATUS_CLASSES, statusClass } from '../../../src/web/components/reports/report-labels';
import { evaluationWorkflow } from '../../../generated/workflows';

/** SPEC §3: the report status labels, each shown with its own colour class. */
const SPEC_LABELS = [
  'Re-Review',
  'In Review',
  'Hidden',
  'Evaluator Reviewed',
  'Evaluator QC Reviewed',
  'Finalized',
  'Declined',
  'Pending Client Approval',
];
/** Every state of the report workflow (manifest/workflows/evaluation.yaml): the SPEC's labels and Draft. */
const LABELS = evaluationWorkflow.states.map((s) => s.label as string);

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('report status labels', () => {
  it('gives every SPEC §3 label its own colour class, styled in report.css', () => {
    expect(LABELS).toEqual(expect.arrayContaining(SPEC_LABELS));
    expect(Object.keys(STATUS_CLASSES).sort()).toEqual([...LABELS].sort());
    expect(new Set(Object.values(STATUS_CLASSES)).size).toBe(LABELS.length);
    const css = readFileSync(resolve(import.meta.dirname, '../../../src/web/components/reports/report.css'), 'utf8');
    for (const label of LABELS) {
      const match = new RegExp(`\\.${STATUS_CLASSES[label]}\\s*\\{\\s*background: (#[0-9a-f]{6});\\s*color: (#[0-9a-f]{6});\\s*\\}`).exec(
        css,
      );
      expect(match, label).not.toBeNull();
      // WCAG AA for small bold text.
      expect(contrast(match![1], match![2]), label).toBeGreaterThanOrEqual(4.5);
    }
    expect(statusClass('Finalized')).toBe('status status-finalized');
    expect(statusClass('Something else')).toBe('status status-unknown');
  });
});
