import { AA_NORMAL_TEXT, contrastRatio } from '../src/shared/colour-contrast';
import type { Model } from './model';
import type { Problem } from './problems';

/**
 * Stage 3b for workflows (manifest/workflows/*.yaml): what the schema cannot say. Every problem is
 * listed with its file and key: duplicate workflow, state or transition names; an initial state,
 * `from` or `to` naming an unknown state; a transition to the state it leaves; an unknown permission;
 * contradicting requirements; a state no transition reaches; a status colour under 4.5:1 on white
 * (WCAG 2.2 SC 1.4.3).
 */
export function checkWorkflows(model: Model): Problem[] {
  const problems: Problem[] = [];
  const permissions = new Set(model.permissions.map((p) => p.name));
  const workflowNames = new Map<string, string>();
  for (const workflow of model.workflows) {
    const file = workflow.file;
    const add = (key: string, message: string) => problems.push({ file, key, message });
    if (workflowNames.has(workflow.name))
      add('name', `duplicate workflow "${workflow.name}" (first in ${workflowNames.get(workflow.name)})`);
    else workflowNames.set(workflow.name, file);
    const states = new Set<string>();
    workflow.states.forEach((state, i) => {
      if (states.has(state.key)) add(`states[${i}].key`, `duplicate state "${state.key}"`);
      states.add(state.key);
      const ratio = contrastRatio(state.colour, '#FFFFFF');
      if (ratio < AA_NORMAL_TEXT)
        add(
          `states[${i}].colour`,
          `colour ${state.colour} has a contrast of ${ratio.toFixed(2)}:1 on white; at least ${AA_NORMAL_TEXT}:1 is needed`,
        );
    });
    if (!states.has(workflow.initial)) add('initial', `unknown state "${workflow.initial}"`);
    const names = new Set<string>();
    const reached = new Set([workflow.initial]);
    workflow.transitions.forEach((t, i) => {
      const key = `transitions[${i}]`;
      if (names.has(t.name)) add(`${key}.name`, `duplicate transition "${t.name}"`);
      names.add(t.name);
      t.from.forEach((from, j) => {
        if (!states.has(from)) add(`${key}.from[${j}]`, `unknown state "${from}"`);
        if (from === t.to) add(`${key}.from[${j}]`, `a transition cannot leave and enter the same state "${from}"`);
      });
      if (!states.has(t.to)) add(`${key}.to`, `unknown state "${t.to}"`);
      reached.add(t.to);
      if (!permissions.has(t.permission)) add(`${key}.permission`, `unknown permission "${t.permission}"`);
      if (t.requires.includes('author') && t.requires.includes('not_author'))
        add(`${key}.requires`, 'cannot require both the author and not the author');
      if (t.requires.includes('approval_required') && t.requires.includes('approval_not_required'))
        add(`${key}.requires`, 'cannot require approval and no approval at once');
    });
    workflow.states.forEach((state, i) => {
      if (!reached.has(state.key)) add(`states[${i}].key`, `state "${state.key}" is not the initial state and no transition enters it`);
    });
  }
  return problems;
}
