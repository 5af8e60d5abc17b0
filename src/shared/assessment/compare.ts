/**
 * The change since an earlier attempt (contract: README.md `compareResults`): headline score delta
 * (lower is better on every scale used), each part before and after, findings resolved and new, and
 * one plain sentence from the text files. The contract's signature carries no source, so the texts
 * come from the optional `source` or else from the source the server loaded at start.
 */
import { rememberedSource } from './registry';
import { CHANGE_KEYS } from './report-keys';
import type { QuestionnaireSource } from './source';
import { translator } from './texts';
import type { AssessmentChange, AssessmentLanguage, AssessmentResult, TextOverrides } from './types';

export function compareResults(
  current: AssessmentResult,
  previous: AssessmentResult,
  language: AssessmentLanguage,
  source?: QuestionnaireSource,
  overrides?: TextOverrides,
): AssessmentChange {
  const texts = source ?? rememberedSource();
  if (!texts) throw new Error('compareResults needs the questionnaires: call loadQuestionnaires first or pass the source');
  const t = translator(texts, language, overrides);
  const delta = current.overall.score - previous.overall.score;
  const before = new Map(previous.parts.map((p) => [p.id, p.score]));
  const parts = current.parts
    .filter((p) => before.has(p.id))
    .map((p) => ({ id: p.id, label: p.label, before: before.get(p.id)!, after: p.score }));
  const previousIds = new Set(previous.findings.map((f) => f.id));
  const currentIds = new Set(current.findings.map((f) => f.id));
  const resolvedFindings = previous.findings.filter((f) => !currentIds.has(f.id)).map((f) => f.id);
  const newFindings = current.findings.filter((f) => !previousIds.has(f.id)).map((f) => f.id);
  // The reader sees each finding's own words in the report's language, never its internal id.
  const title = (id: string) => {
    const key = texts.findings[id]?.title;
    return key ? t(key) : id;
  };
  const key = delta < 0 ? CHANGE_KEYS.better : delta > 0 ? CHANGE_KEYS.worse : CHANGE_KEYS.same;
  const summary = t(key, {
    before: previous.overall.score,
    after: current.overall.score,
    delta: Math.abs(delta),
    resolved: resolvedFindings.length,
    new: newFindings.length,
  });
  return {
    previousScore: previous.overall.score,
    delta,
    parts,
    resolvedFindings,
    newFindings,
    resolvedTitles: resolvedFindings.map(title),
    newTitles: newFindings.map(title),
    summary,
  };
}
