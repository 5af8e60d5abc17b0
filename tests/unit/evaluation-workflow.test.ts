import { describe, expect, it } from 'vitest';
import { evaluationWorkflow } from '../../generated/workflows';
import { AA_NORMAL_TEXT, contrastRatio } from '../../src/shared/colour-contrast';
import { transitionsFrom } from '../../src/shared/workflow';

describe('WCAG 2.2 contrast ratio', () => {
  it('matches the published extremes and a known borderline grey', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(4.5);
  });
});

describe('the evaluation workflow (manifest/workflows/evaluation.yaml)', () => {
  it('has every SPEC §3 report status plus Draft, each coloured with at least 4.5:1 on white', () => {
    const labels = evaluationWorkflow.states.map((s) => s.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Re-Review',
        'In Review',
        'Hidden',
        'Evaluator Reviewed',
        'Evaluator QC Reviewed',
        'Finalized',
        'Declined',
        'Pending Client Approval',
        'Draft',
      ]),
    );
    for (const state of evaluationWorkflow.states) {
      const ratio = contrastRatio(state.colour, '#FFFFFF');
      console.log(`${state.label}: ${state.colour} ${ratio.toFixed(2)}:1`);
      expect(ratio, state.label).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    }
    expect(new Set(evaluationWorkflow.states.map((s) => s.colour)).size).toBe(evaluationWorkflow.states.length);
  });

  it('lets only the author submit, only another evaluator review, and needs a reason to send back, decline or hide', () => {
    const byName = Object.fromEntries(evaluationWorkflow.transitions.map((t) => [t.name, t]));
    expect(byName.submit.requires).toContain('author');
    expect(byName.pass_qc.requires).toContain('not_author');
    for (const name of ['send_back', 'decline', 'hide']) expect(byName[name].requires, name).toContain('reason');
    expect(
      transitionsFrom(evaluationWorkflow, 'evaluator_qc_reviewed')
        .map((t) => t.to)
        .sort(),
    ).toEqual(['finalized', 'pending_client_approval']);
    expect(evaluationWorkflow.states.filter((s) => s.visibleToEmployee).map((s) => s.key)).toEqual(['finalized']);
  });
});
