/**
 * Turns the authored YAML of content/assessments/ (already parsed, already schema-checked) into a
 * `QuestionnaireSource`: applies the key conventions of content/assessments/README.md and checks what
 * a schema cannot (branching targets, option and finding references, every text key present in
 * English). Every problem is listed with its file and key, not just the first (docs/architecture.md "Generators").
 */
import type { Condition, QuestionKind, RiskBand, WorkArea } from './types';
import { WORK_AREAS } from './types';
import type {
  FindingDefinition,
  HseGroup,
  QuestionnaireSource,
  SourceOption,
  SourceQuestion,
  SourceQuestionnaire,
  SourceSection,
  TextTable,
} from './source';
import { scoringProblems } from './scoring-checks';
import { reportTextKeys } from './text-keys';
import { findingRecommendationKey, findingTitleKey } from './finding-title';

export interface AuthoredFile {
  readonly file: string;
  readonly data: unknown;
}

export interface ContentProblem {
  readonly file: string;
  readonly key: string;
  readonly message: string;
}

export class AssessmentContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(`Self-assessment content is invalid:\n${problems.map((p) => `  ${p.file}: ${p.key}: ${p.message}`).join('\n')}`);
    this.name = 'AssessmentContentError';
  }
}

interface AuthoredQuestion {
  id: string;
  kind: QuestionKind;
  text?: string;
  help?: boolean | string;
  options?: string | string[];
  findings?: Record<string, string>;
  min?: number;
  max?: number;
  showIf?: Condition;
  required?: boolean;
  hse?: HseGroup;
}
interface AuthoredSection {
  id: string;
  title?: string;
  intro?: boolean | string;
  showIf?: Condition;
  questions: AuthoredQuestion[];
}
interface AuthoredQuestionnaire {
  area: WorkArea;
  version: number;
  rosa?: boolean;
  sections: AuthoredSection[];
}
interface AuthoredCommon {
  optionSets: Record<string, string[]>;
  equipment: string[];
  findings: Record<string, { severity: RiskBand; links: string[] }>;
}

function optionsOf(
  q: AuthoredQuestion,
  common: AuthoredCommon,
  problem: (key: string, message: string) => void,
): SourceOption[] | undefined {
  let ids: string[] | undefined;
  let labelPrefix = `q.${q.id}.`;
  if (q.kind === 'yesno') {
    ids = ['yes', 'no'];
    labelPrefix = 'opt.';
  } else if (typeof q.options === 'string') {
    const setName = q.options.slice(1);
    ids = common.optionSets[setName];
    labelPrefix = `opt.${setName}.`;
    if (!ids) problem('options', `unknown option set "${q.options}"`);
  } else {
    ids = q.options;
  }
  if (!ids) return undefined;
  for (const optionId of Object.keys(q.findings ?? {})) {
    if (!ids.includes(optionId)) problem(`findings.${optionId}`, `"${optionId}" is not an option of this question`);
  }
  return ids.map((id) => ({ id, label: `${labelPrefix}${id}`, ...(q.findings?.[id] ? { finding: q.findings[id] } : {}) }));
}

function toQuestion(q: AuthoredQuestion, common: AuthoredCommon, problem: (key: string, message: string) => void): SourceQuestion {
  const options = optionsOf(q, common, problem);
  const needsOptions = q.kind === 'single' || q.kind === 'multi';
  if (needsOptions && !options) problem('options', `a "${q.kind}" question needs options`);
  if (q.kind === 'number' && (q.min === undefined || q.max === undefined || q.min > q.max))
    problem('min', 'a number question needs min ≤ max');
  for (const findingId of Object.values(q.findings ?? {})) {
    if (!common.findings[findingId]) problem('findings', `unknown finding "${findingId}" (add it to common.yaml)`);
  }
  return {
    id: q.id,
    kind: q.kind,
    text: q.text ?? `q.${q.id}`,
    ...(q.help ? { help: typeof q.help === 'string' ? q.help : `q.${q.id}.help` } : {}),
    ...(options && (needsOptions || q.kind === 'yesno') ? { options } : {}),
    ...(q.min !== undefined ? { min: q.min } : {}),
    ...(q.max !== undefined ? { max: q.max } : {}),
    ...(q.showIf ? { showIf: q.showIf } : {}),
    required: q.required ?? true,
    ...(q.hse ? { hse: q.hse } : {}),
  };
}

/** A showIf must point at an earlier single/multi/yesno question and name its real options. */
function checkCondition(condition: Condition | undefined, earlier: Map<string, SourceQuestion>, problem: (message: string) => void): void {
  if (!condition) return;
  const target = earlier.get(condition.question);
  if (!target) return problem(`showIf refers to "${condition.question}", which is not an earlier question`);
  const optionIds = new Set((target.options ?? []).map((o) => o.id));
  for (const id of condition.anyOf) if (!optionIds.has(id)) problem(`showIf option "${id}" is not an option of "${condition.question}"`);
}

function toQuestionnaire(file: AuthoredFile, common: AuthoredCommon, problems: ContentProblem[]): SourceQuestionnaire {
  const data = file.data as AuthoredQuestionnaire;
  const earlier = new Map<string, SourceQuestion>();
  const sections: SourceSection[] = data.sections.map((s, si) => {
    const sectionKey = `sections[${si}]`;
    checkCondition(s.showIf, earlier, (message) => problems.push({ file: file.file, key: `${sectionKey}.showIf`, message }));
    const questions = s.questions.map((q, qi) => {
      const key = `${sectionKey}.questions[${qi}]`;
      const problem = (sub: string, message: string) => problems.push({ file: file.file, key: `${key}.${sub}`, message });
      const question = toQuestion(q, common, problem);
      checkCondition(q.showIf, earlier, (message) => problem('showIf', message));
      if (earlier.has(q.id)) problem('id', `duplicate question id "${q.id}"`);
      earlier.set(q.id, question);
      return question;
    });
    return {
      id: s.id,
      title: s.title ?? `s.${s.id}.title`,
      ...(s.intro ? { intro: typeof s.intro === 'string' ? s.intro : `s.${s.id}.intro` } : {}),
      ...(s.showIf ? { showIf: s.showIf } : {}),
      questions,
    };
  });
  return {
    area: data.area,
    version: data.version,
    title: `area.${data.area}.title`,
    intro: `area.${data.area}.intro`,
    rosa: data.rosa ?? false,
    sections,
  };
}

/**
 * Builds the source from the authored files: `common` (common.yaml), one file per work area, and the
 * texts by language (English required). Throws AssessmentContentError listing every problem.
 */
export function buildSource(
  common: AuthoredFile,
  areas: readonly AuthoredFile[],
  texts: Readonly<Record<string, { file: string; table: TextTable }>>,
): QuestionnaireSource {
  const problems: ContentProblem[] = [];
  const commonData = common.data as AuthoredCommon;
  const questionnaires: Partial<Record<WorkArea, SourceQuestionnaire>> = {};
  const built: [string, SourceQuestionnaire][] = [];
  for (const file of areas) {
    const q = toQuestionnaire(file, commonData, problems);
    built.push([file.file, q]);
    if (questionnaires[q.area]) problems.push({ file: file.file, key: 'area', message: `a second questionnaire for "${q.area}"` });
    questionnaires[q.area] = q;
  }
  for (const area of WORK_AREAS) {
    if (!questionnaires[area])
      problems.push({ file: common.file, key: area, message: `no questionnaire for the work area "${area}" (expected ${area}.yaml)` });
  }
  const findings: Record<string, FindingDefinition> = {};
  for (const [id, f] of Object.entries(commonData.findings)) {
    findings[id] = {
      id,
      severity: f.severity,
      title: findingTitleKey(id),
      recommendation: findingRecommendationKey(id),
      links: f.links,
    };
  }
  for (const [file, q] of built) problems.push(...scoringProblems(file, q, findings));
  const en = texts.en;
  if (!en) problems.push({ file: 'texts/en.yaml', key: '(root)', message: 'the English texts are required' });
  if (problems.length) throw new AssessmentContentError(problems);
  const source: QuestionnaireSource = {
    questionnaires: questionnaires as Record<WorkArea, SourceQuestionnaire>,
    findings,
    equipment: commonData.equipment,
    texts: Object.fromEntries(Object.entries(texts).map(([lang, t]) => [lang, t.table])) as QuestionnaireSource['texts'],
  };
  for (const key of reportTextKeys(source)) {
    if (!(key in en!.table)) problems.push({ file: en!.file, key, message: 'missing English text' });
  }
  if (problems.length) throw new AssessmentContentError(problems);
  return source;
}
