/** Every text key a loaded source uses: questionnaires, findings, link labels and the fixed report keys. */
import { fixedReportKeys } from './report-keys';
import { linkLabelKey, type QuestionnaireSource } from './source';
import { UI_KEYS } from './ui-texts';

export function reportTextKeys(source: QuestionnaireSource): string[] {
  const keys = new Set<string>([...fixedReportKeys(), ...UI_KEYS]);
  for (const q of Object.values(source.questionnaires)) {
    keys.add(q.title).add(q.intro);
    for (const s of q.sections) {
      keys.add(s.title);
      if (s.intro) keys.add(s.intro);
      for (const question of s.questions) {
        keys.add(question.text);
        if (question.help) keys.add(question.help);
        for (const o of question.options ?? []) keys.add(o.label);
      }
    }
  }
  for (const f of Object.values(source.findings)) {
    keys.add(f.title).add(f.recommendation);
    for (const href of f.links) keys.add(linkLabelKey(href));
  }
  return [...keys].sort();
}
