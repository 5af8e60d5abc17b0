import { spawnSync } from 'node:child_process';
import type { Answers, AnswerValue, Question, Questionnaire } from '../../src/shared/assessment/types';
import { missingAnswers } from '../../src/shared/assessment/index';
import type { Agent } from './agent';

/** A valid answer to one question: the first option, the minimum, or no discomfort in any region. */
export function someAnswer(question: Question, prefer?: string): AnswerValue {
  const ids = (question.options ?? []).map((o) => o.id);
  switch (question.kind) {
    case 'single':
    case 'yesno':
      return prefer && ids.includes(prefer) ? prefer : ids[0];
    case 'multi':
      return [ids[0]];
    case 'number':
      return question.min ?? 0;
    case 'cmdq':
      return {};
  }
}

/**
 * Answers every required question the questionnaire shows for the answers so far (following its
 * branching), preferring `prefer` where a question offers it (e.g. "no" for a worse set-up).
 */
export function completeAnswers(questionnaire: Questionnaire, prefer?: string, start: Answers = {}): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = { ...start };
  const byId = new Map(questionnaire.sections.flatMap((s) => s.questions).map((q) => [q.id, q]));
  for (let round = 0; round < 50; round += 1) {
    const missing = missingAnswers(questionnaire, answers);
    if (missing.length === 0) return answers;
    for (const id of missing) answers[id] = someAnswer(byId.get(id)!, prefer);
  }
  throw new Error('The questionnaire keeps asking for answers');
}

/** GET as the agent, returning the raw bytes (for the PDF). */
export async function download(
  agent: Agent,
  path: string,
): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer }> {
  const response = await fetch(`${agent.base}/blogs/api${path}`, {
    headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The text of a PDF, through poppler-utils' pdftotext (installed by tests/run-all.sh when missing). */
export function pdfText(bytes: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}

/** The PDF's document title from its Info dictionary, through poppler-utils' pdfinfo. */
export function pdfTitle(bytes: Buffer): string | null {
  const out = spawnSync('pdfinfo', ['-'], { input: bytes });
  return /^Title:\s*(.*)$/m.exec(out.stdout.toString('utf8'))?.[1]?.trim() ?? null;
}
