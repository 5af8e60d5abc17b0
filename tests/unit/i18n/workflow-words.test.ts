import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { actionWorkflow, evaluationWorkflow } from '../../../generated/workflows';
import { actionStateKey, actionTransitionKey } from '../../../src/shared/actions/action-rules';
import { stateKey, transitionKey } from '../../../src/shared/workflow-terms';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

/**
 * Every state and transition of manifest/workflows/evaluation.yaml and action.yaml has its words in each of the eight
 * languages (SPEC §2), and the English interface text is the manifest's label, the English the API's
 * sentences and the e-mails use (src/shared/workflow-terms.ts), so the two never drift apart.
 */
const read = (language: string) =>
  parse(readFileSync(resolve(import.meta.dirname, '../../../content/interface', `${language}.yaml`), 'utf8')) as Record<string, string>;
const en = read('en');
const words = [
  ...evaluationWorkflow.states.map((s) => ({ key: stateKey(s.key), label: s.label })),
  ...evaluationWorkflow.transitions.map((t) => ({ key: transitionKey(t.name), label: t.label })),
  ...actionWorkflow.states.map((s) => ({ key: actionStateKey(s.key), label: s.label })),
  ...actionWorkflow.transitions.map((t) => ({ key: actionTransitionKey(t.name), label: t.label })),
];

describe('workflow words in every language', () => {
  it('English says what the manifest says', () => {
    expect(Object.fromEntries(words.map((w) => [w.key, en[w.key]]))).toEqual(Object.fromEntries(words.map((w) => [w.key, w.label])));
  });

  for (const language of INTERFACE_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} words each state and transition in its own language`, () => {
      const texts = read(language);
      for (const { key, label } of words) {
        expect(texts[key]?.trim(), `${language} ${key}`).toBeTruthy();
        // "Finalize" in English, "Finalizar" elsewhere: never the English left in place.
        expect(texts[key], `${language} ${key} is still English`).not.toBe(label);
      }
    });
  }
});
