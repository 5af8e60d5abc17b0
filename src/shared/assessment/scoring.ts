/**
 * The report for a submitted attempt (contract: README.md `scoreAssessment`). Only questions shown
 * for these answers count. Headline: the ROSA final score where the questionnaire carries the full
 * ROSA inputs (Office, Home); elsewhere a 1–10 score from the share of adverse checklist answers
 * (`shareScore`), which the summary says in words.
 */
import { branchShown } from './shown';
import { CMDQ_ATTENTION, CMDQ_GROUPS, CMDQ_HIGH, CMDQ_REGION_MAX, cmdqScores } from './cmdq';
import { CMDQ_REGIONS } from './cmdq-regions';
import {
  AREA_PART,
  CMDQ_PART,
  SUMMARY_DISCOMFORT,
  SUMMARY_FINDINGS_NONE,
  SUMMARY_FINDINGS_SOME,
  partExplanationKey,
  partLabelKey,
  regionKey,
  summaryKey,
} from './report-keys';
import { scoreRosa } from './rosa';
import { ROSA_QUESTIONS, rosaInputs } from './rosa-inputs';
import { HSE_GROUPS, linkLabelKey, type QuestionnaireSource, type SourceQuestion } from './source';
import { translator, type Translate } from './texts';
import type {
  Answers,
  AssessmentLanguage,
  AssessmentResult,
  BodyRegionScore,
  Finding,
  PartScore,
  RiskBand,
  TextOverrides,
  WorkArea,
} from './types';

const SEVERITY_ORDER: Readonly<Record<RiskBand, number>> = { high: 0, moderate: 1, low: 2 };

/** ROSA's action level (Sonne et al. 2012): 5 or more calls for change; 3–4 moderate; 1–2 low. */
export function bandOf(score: number): RiskBand {
  return score >= 5 ? 'high' : score >= 3 ? 'moderate' : 'low';
}

/** 1 + 9 × adverse ÷ answered checklist items, rounded: 1 when nothing is adverse, 10 when all are. */
export function shareScore(adverse: number, answered: number): number {
  return answered === 0 ? 1 : 1 + Math.round((9 * adverse) / answered);
}

function chosenOptions(question: SourceQuestion, answers: Answers): string[] {
  const answer = answers[question.id];
  return typeof answer === 'string' ? [answer] : Array.isArray(answer) ? [...answer] : [];
}

function part(t: Translate, id: string, score: number, max: number): PartScore {
  return { id, label: t(partLabelKey(id)), score, max, explanation: t(partExplanationKey(id), { score, max }) };
}

export function scoreAssessment(
  source: QuestionnaireSource,
  area: WorkArea,
  answers: Answers,
  language: AssessmentLanguage,
  overrides?: TextOverrides,
): AssessmentResult {
  const questionnaire = source.questionnaires[area];
  if (!questionnaire) throw new Error(`No questionnaire for the work area "${area}"`);
  const t = translator(source, language, overrides);
  const { visible, shown } = branchShown(questionnaire, answers);

  // Checklist items: every shown, answered question with an adverse option.
  const raised = new Map<string, RiskBand>();
  const tally = new Map<string, { adverse: number; answered: number }>();
  const count = (partId: string, adverse: boolean) => {
    const entry = tally.get(partId) ?? { adverse: 0, answered: 0 };
    tally.set(partId, { adverse: entry.adverse + (adverse ? 1 : 0), answered: entry.answered + 1 });
  };
  for (const question of visible) {
    const findingOptions = (question.options ?? []).filter((o) => o.finding);
    const chosen = chosenOptions(question, answers);
    if (findingOptions.length === 0 || (chosen.length === 0 && question.kind !== 'multi')) continue;
    const hits = findingOptions.filter((o) => chosen.includes(o.id));
    for (const option of hits) if (!raised.has(option.finding!)) raised.set(option.finding!, source.findings[option.finding!].severity);
    const partId = question.hse ? `hse.${question.hse}` : ROSA_QUESTIONS.has(question.id) && questionnaire.rosa ? undefined : AREA_PART;
    if (partId) count(partId, hits.length > 0);
    if (!questionnaire.rosa) count('share', hits.length > 0);
  }

  // Cornell discomfort grid.
  const cmdqQuestion = visible.find((q) => q.kind === 'cmdq');
  const regionScores = cmdqQuestion ? cmdqScores(answers[cmdqQuestion.id]) : undefined;
  const bodyMap: BodyRegionScore[] = regionScores
    ? CMDQ_REGIONS.map((region) => ({ region, label: t(regionKey(region)), score: regionScores[region] }))
    : [];
  const flaggedRegions = bodyMap.filter((r) => r.score >= CMDQ_ATTENTION);
  for (const [findingId, regions] of Object.entries(CMDQ_GROUPS)) {
    const worst = Math.max(...regions.map((r) => regionScores?.[r] ?? 0));
    if (worst >= CMDQ_ATTENTION) raised.set(findingId, worst >= CMDQ_HIGH ? 'high' : source.findings[findingId].severity);
  }

  const parts: PartScore[] = [];
  let overallScore: number;
  if (questionnaire.rosa) {
    const rosa = scoreRosa(rosaInputs(answers, shown));
    parts.push(
      part(t, 'rosa.chair', rosa.chair, 10),
      part(t, 'rosa.monitor_phone', rosa.monitorPhone, 9),
      part(t, 'rosa.mouse_keyboard', rosa.mouseKeyboard, 9),
      part(t, 'rosa.peripherals', rosa.peripherals, 9),
    );
    overallScore = rosa.final;
  } else {
    const share = tally.get('share') ?? { adverse: 0, answered: 0 };
    overallScore = shareScore(share.adverse, share.answered);
  }
  for (const group of HSE_GROUPS) {
    const entry = tally.get(`hse.${group}`);
    if (entry) parts.push(part(t, `hse.${group}`, entry.adverse, entry.answered));
  }
  const areaEntry = tally.get(AREA_PART);
  if (areaEntry) parts.push(part(t, AREA_PART, areaEntry.adverse, areaEntry.answered));
  if (regionScores)
    parts.push(
      part(
        t,
        CMDQ_PART,
        bodyMap.reduce((sum, r) => sum + r.score, 0),
        CMDQ_REGION_MAX * CMDQ_REGIONS.length,
      ),
    );

  const findings: Finding[] = [...raised.entries()]
    .map(([id, severity]) => {
      const definition = source.findings[id];
      return {
        id,
        severity,
        title: t(definition.title),
        recommendation: t(definition.recommendation),
        links: definition.links.map((href) => ({ label: t(linkLabelKey(href)), href })),
      };
    })
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);

  const band = bandOf(overallScore);
  const sentences = [
    t(summaryKey(questionnaire.rosa ? 'rosa' : 'share', band), { score: overallScore, max: 10 }),
    findings.length ? t(SUMMARY_FINDINGS_SOME, { count: findings.length }) : t(SUMMARY_FINDINGS_NONE),
    ...(flaggedRegions.length ? [t(SUMMARY_DISCOMFORT, { regions: flaggedRegions.map((r) => r.label).join(', ') })] : []),
  ];
  return {
    area,
    version: questionnaire.version,
    language,
    overall: { score: overallScore, max: 10, band, actionNeeded: overallScore >= 5 },
    summary: sentences.join(' '),
    parts,
    findings,
    bodyMap,
  };
}
