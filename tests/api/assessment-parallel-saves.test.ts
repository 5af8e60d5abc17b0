import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent, type Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { startTestServer, type TestServer } from '../helpers/test-server';
import type { Questionnaire } from '../../src/shared/assessment/types';

/**
 * SPEC §6: a self-assessment is saved section by section. Saves sent at once (two tabs, a retry, a
 * page saving as it goes) are each answered 200, and every answered save is kept: nothing one save
 * wrote is lost to another.
 */
let server: TestServer;
let employee: Agent;
beforeAll(async () => {
  server = await startTestServer();
  employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

interface Attempt {
  id: string;
  answers: Record<string, unknown>;
  sections_done: string[];
}

async function start(area: string): Promise<{ attempt: Attempt; questionnaire: Questionnaire }> {
  const started = await employee.post('/self-assessment/attempts', { area });
  expect(started.status).toBe(200);
  return started.data as { attempt: Attempt; questionnaire: Questionnaire };
}

async function saved(id: string): Promise<Attempt> {
  const answer = await employee.get(`/self-assessment/attempts/${id}`);
  expect(answer.status).toBe(200);
  return (answer.data as { attempt: Attempt }).attempt;
}

/** One section's share of a complete set of answers. */
function sectionAnswers(questionnaire: Questionnaire, all: Record<string, unknown>, sectionId: string) {
  const ids = new Set(questionnaire.sections.find((s) => s.id === sectionId)!.questions.map((q) => q.id));
  return Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));
}

describe('saving sections at once', () => {
  it('keeps every section of a burst of saves, each answered 200', async () => {
    const { attempt, questionnaire } = await start('home');
    const all = completeAnswers(questionnaire);
    const sections = questionnaire.sections.map((s) => s.id).filter((id) => Object.keys(sectionAnswers(questionnaire, all, id)).length > 0);
    expect(sections.length).toBeGreaterThan(2);
    // Each section twice per burst (a retry beside the first try), five bursts.
    const burst = [...sections, ...sections];
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        burst.map((section) =>
          employee.post(`/self-assessment/attempts/${attempt.id}/save`, { section, answers: sectionAnswers(questionnaire, all, section) }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(burst.map(() => 200));
      const after = await saved(attempt.id);
      for (const section of sections)
        expect(after.answers, `round ${round}, section ${section}`).toMatchObject(sectionAnswers(questionnaire, all, section));
      expect([...after.sections_done].sort()).toEqual([...sections].sort());
    }
  });

  it('leaves one of two saves of the same section whole, never a mix of both', async () => {
    const { attempt, questionnaire } = await start('office');
    const all = completeAnswers(questionnaire);
    // A section with at least two questions: one save answers the first half, the other the rest.
    const section = questionnaire.sections.find((s) => Object.keys(sectionAnswers(questionnaire, all, s.id)).length >= 2)!;
    const entries = Object.entries(sectionAnswers(questionnaire, all, section.id));
    const half = Math.ceil(entries.length / 2);
    const first = Object.fromEntries(entries.slice(0, half));
    const second = Object.fromEntries(entries.slice(half));
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(
        [first, second].map((given) =>
          employee.post(`/self-assessment/attempts/${attempt.id}/save`, { section: section.id, answers: given }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const kept = sectionAnswers(questionnaire, (await saved(attempt.id)).answers, section.id);
      expect([first, second]).toContainEqual(kept);
    }
  });
});
