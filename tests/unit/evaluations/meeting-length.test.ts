import { describe, expect, it } from 'vitest';
import { EVALUATION_MINUTES } from '../../../src/shared/evaluations/meeting-length';
import { buildInvitation } from '../../../src/server/api/evaluation-requests/invitation';
import { defaultTexts } from '../../../src/server/api/clients/text-catalogue';

describe('the evaluation length the request page promises is the length the invitation blocks', () => {
  it('the request page says "about {minutes} minutes" and names no length of its own', () => {
    const intro = defaultTexts('ergo-eval').get('intro') ?? '';
    expect(intro).toContain('{minutes} minutes');
    expect(intro).not.toMatch(/\d+\s*minutes/);
  });

  it('the .ics invitation lasts EVALUATION_MINUTES', () => {
    const ics = buildInvitation({
      requestId: 1,
      sequence: 0,
      method: 'REQUEST',
      start: new Date('2026-03-02T09:00:00Z'),
      minutes: EVALUATION_MINUTES,
      meetingUrl: 'https://meet.example/room',
      organizer: { name: 'Eva Luator', email: 'evaluator@ergoportal.example' },
      attendee: { name: 'Em Ployee', email: 'employee@northwind.example' },
    });
    const duration = /DURATION:PT(?:(\d+)H)?(?:(\d+)M)?/.exec(ics);
    expect(duration).not.toBeNull();
    expect(Number(duration![1] ?? 0) * 60 + Number(duration![2] ?? 0)).toBe(EVALUATION_MINUTES);
  });
});
