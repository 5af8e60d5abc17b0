/**
 * How the Office and Home answers feed ROSA (Sonne, Villalta & Andrews 2012, score sheet sections
 * A–C): each risk factor's base score by option, and each +1/+2 add-on by the answer that triggers it.
 * Questions not shown (branching) or left unanswered add nothing; a missing base counts as neutral (1).
 */
import type { RosaDuration, RosaInputs } from './rosa';
import type { Answers } from './types';

/** Points by option id for one question. */
type Points = Readonly<Record<string, number>>;
interface Item {
  readonly question: string;
  readonly points: Points;
}

const yes = (n = 1): Points => ({ yes: n });
const no = (n = 1): Points => ({ no: n });

/** Base score (first item) plus add-ons, per ROSA risk factor. */
export const ROSA_ITEMS = {
  seatHeight: [
    { question: 'chair.seat_height', points: { knees_level: 1, too_low: 2, too_high: 2, feet_unsupported: 3 } },
    { question: 'chair.legroom', points: no() },
    { question: 'chair.height_adjustable', points: no() },
  ],
  seatDepth: [
    { question: 'chair.seat_depth', points: { fits: 1, too_long: 2, too_short: 2 } },
    { question: 'chair.depth_adjustable', points: no() },
  ],
  armrests: [
    { question: 'chair.armrests', points: { supported: 1, too_high: 2, too_low: 2, none: 2 } },
    { question: 'chair.armrest_issues', points: { hard: 1, too_wide: 1 } },
    { question: 'chair.armrest_adjustable', points: no() },
  ],
  backSupport: [
    { question: 'chair.backrest', points: { lumbar_supported: 1, no_lumbar: 2, angle_wrong: 2, none: 2 } },
    { question: 'desk.too_high', points: yes() },
    { question: 'chair.backrest_adjustable', points: no() },
  ],
  monitor: [
    { question: 'screen.height', points: { eye_level: 1, too_low: 2, too_high: 3 } },
    { question: 'screen.distance', points: { too_far: 1 } },
    { question: 'screen.neck_twist', points: yes() },
    { question: 'screen.glare', points: yes() },
    { question: 'screen.documents', points: { no_holder: 1 } },
  ],
  telephone: [
    { question: 'phone.calls', points: { none: 0, headset: 1, handset: 1, mobile: 1 } },
    { question: 'phone.reach', points: no() },
    { question: 'phone.cradle', points: yes(2) },
    { question: 'phone.hands_free', points: no() },
  ],
  mouse: [
    { question: 'mouse.position', points: { in_line: 1, reaching: 2 } },
    { question: 'mouse.same_surface', points: no(2) },
    { question: 'mouse.grip', points: { pinch: 1 } },
    { question: 'mouse.palm_rest', points: yes() },
  ],
  keyboard: [
    { question: 'keyboard.wrists', points: { straight: 1, extended: 2 } },
    { question: 'keyboard.deviation', points: yes() },
    { question: 'keyboard.too_high', points: yes() },
    { question: 'keyboard.overhead', points: yes() },
    { question: 'keyboard.adjustable', points: no() },
  ],
} as const satisfies Record<string, readonly Item[]>;

/** Hours a day, asked once each for sitting, screen work (monitor, mouse, keyboard) and calls. */
export const ROSA_DURATIONS = { chair: 'time.sitting', screen: 'time.screen', telephone: 'time.phone' } as const;

/** Question ids that are ROSA inputs (their findings are reflected in the ROSA parts). */
export const ROSA_QUESTIONS: ReadonlySet<string> = new Set([
  ...Object.values(ROSA_ITEMS).flatMap((items) => items.map((i) => i.question)),
  ...Object.values(ROSA_DURATIONS),
]);

function itemScore(items: readonly Item[], answers: Answers, shown: ReadonlySet<string>): number {
  return items.reduce((total, item, index) => {
    const answer = shown.has(item.question) ? answers[item.question] : undefined;
    const chosen = typeof answer === 'string' ? [answer] : Array.isArray(answer) ? answer : [];
    // Own keys only: an answer such as "constructor" must never reach Object.prototype.
    const known = chosen.filter((option) => Object.hasOwn(item.points, option));
    const points = known.reduce((sum, option) => sum + item.points[option as keyof typeof item.points], 0);
    // A base left unanswered counts as the neutral posture (1); an add-on left unanswered adds nothing.
    return total + (index === 0 && known.length === 0 ? 1 : points);
  }, 0);
}

function duration(answers: Answers, shown: ReadonlySet<string>, question: string): RosaDuration {
  const answer = shown.has(question) ? answers[question] : undefined;
  return answer === 'lt1' || answer === 'gt4' ? answer : '1to4';
}

export function rosaInputs(answers: Answers, shown: ReadonlySet<string>): RosaInputs {
  const score = (items: readonly Item[]) => itemScore(items, answers, shown);
  const screen = duration(answers, shown, ROSA_DURATIONS.screen);
  return {
    seatHeight: score(ROSA_ITEMS.seatHeight),
    seatDepth: score(ROSA_ITEMS.seatDepth),
    armrests: score(ROSA_ITEMS.armrests),
    backSupport: score(ROSA_ITEMS.backSupport),
    chairDuration: duration(answers, shown, ROSA_DURATIONS.chair),
    monitor: score(ROSA_ITEMS.monitor),
    monitorDuration: screen,
    telephone: shown.has('phone.calls') && answers['phone.calls'] === undefined ? 0 : score(ROSA_ITEMS.telephone),
    telephoneDuration: duration(answers, shown, ROSA_DURATIONS.telephone),
    mouse: score(ROSA_ITEMS.mouse),
    mouseDuration: screen,
    keyboard: score(ROSA_ITEMS.keyboard),
    keyboardDuration: screen,
  };
}
