/**
 * ROSA, the Rapid Office Strain Assessment: Sonne M, Villalta DL, Andrews DM. "Development and
 * evaluation of an office ergonomic risk checklist: ROSA – Rapid office strain assessment."
 * Applied Ergonomics 43 (2012) 98–108, doi:10.1016/j.apergo.2011.03.008.
 *
 * Section scores (each risk factor 1–3 plus its +1/+2 add-ons) are combined through the published
 * lookup charts of the ROSA score sheet: the chair chart (seat pan height + depth against armrests +
 * back support), the monitor and telephone chart, the mouse and keyboard chart, the monitor and
 * peripherals chart and the final chart (chair against monitor and peripherals), giving 1 to 10.
 * A final score of 5 or more is the paper's action level (discomfort rose significantly between 3 and
 * 5). The charts below were transcribed from the score sheet and cross-checked against two
 * independent transcriptions; tests/unit/assessment/rosa-grids.test.ts checks every cell.
 */

/** The final ROSA score's scale as its authors define it: 1 to 10, the action level at 5 (high risk). */
export const ROSA_SCALE = { min: 1, max: 10, actionLevel: 5 } as const;
/** 'high' at or above ROSA's action level (further assessment and change needed), else 'low'. */
export const rosaRisk = (final: number): 'high' | 'low' => (final >= ROSA_SCALE.actionLevel ? 'high' : 'low');
/** The values of the scale's sentence (evaluation_report.rosa_scale: {min}, {max}, {level}). */
export const rosaScaleValues = { min: String(ROSA_SCALE.min), max: String(ROSA_SCALE.max), level: String(ROSA_SCALE.actionLevel) };

/** Duration modifier (paper §2.2): < 1 h a day −1, 1–4 h 0, > 4 h +1. */
export type RosaDuration = 'lt1' | '1to4' | 'gt4';
export const DURATION_MODIFIER: Readonly<Record<RosaDuration, -1 | 0 | 1>> = { lt1: -1, '1to4': 0, gt4: 1 };

/** Chair chart: rows seat pan height + depth 2..8, columns armrests + back support 2..9. */
export const CHAIR_GRID: readonly (readonly number[])[] = [
  [2, 2, 3, 4, 5, 6, 7, 8],
  [2, 2, 3, 4, 5, 6, 7, 8],
  [3, 3, 3, 4, 5, 6, 7, 8],
  [4, 4, 4, 4, 5, 6, 7, 8],
  [5, 5, 5, 5, 6, 7, 8, 9],
  [6, 6, 6, 7, 7, 8, 8, 9],
  [7, 7, 7, 8, 8, 9, 9, 9],
];

/** Monitor and telephone chart: rows telephone 0..6, columns monitor 0..7 (both with duration). */
export const MONITOR_PHONE_GRID: readonly (readonly number[])[] = [
  [1, 1, 1, 2, 3, 4, 5, 6],
  [1, 1, 2, 2, 3, 4, 5, 6],
  [1, 2, 2, 3, 3, 4, 6, 7],
  [2, 2, 3, 3, 4, 5, 6, 8],
  [3, 3, 4, 4, 5, 6, 7, 8],
  [4, 4, 5, 5, 6, 7, 8, 9],
  [5, 5, 6, 7, 8, 8, 9, 9],
];

/** Mouse and keyboard chart: rows mouse 0..7, columns keyboard 0..7 (both with duration). */
export const MOUSE_KEYBOARD_GRID: readonly (readonly number[])[] = [
  [1, 1, 1, 2, 3, 4, 5, 6],
  [1, 1, 2, 3, 4, 5, 6, 7],
  [1, 2, 2, 3, 4, 5, 6, 7],
  [2, 3, 3, 3, 5, 6, 7, 8],
  [3, 4, 4, 5, 5, 6, 7, 8],
  [4, 5, 5, 6, 6, 7, 8, 9],
  [5, 6, 6, 7, 7, 8, 8, 9],
  [6, 7, 7, 8, 8, 9, 9, 9],
];

/** Monitor and peripherals chart: rows monitor-and-telephone 1..9, columns mouse-and-keyboard 1..9. */
export const PERIPHERALS_GRID: readonly (readonly number[])[] = [
  [1, 2, 3, 4, 5, 6, 7, 8, 9],
  [2, 2, 3, 4, 5, 6, 7, 8, 9],
  [3, 3, 3, 4, 5, 6, 7, 8, 9],
  [4, 4, 4, 4, 5, 6, 7, 8, 9],
  [5, 5, 5, 5, 5, 6, 7, 8, 9],
  [6, 6, 6, 6, 6, 6, 7, 8, 9],
  [7, 7, 7, 7, 7, 7, 7, 8, 9],
  [8, 8, 8, 8, 8, 8, 8, 8, 9],
  [9, 9, 9, 9, 9, 9, 9, 9, 9],
];

/** Final chart: rows chair 1..10, columns monitor and peripherals 1..10. */
export const FINAL_GRID: readonly (readonly number[])[] = [
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  [2, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  [3, 3, 3, 4, 5, 6, 7, 8, 9, 10],
  [4, 4, 4, 4, 5, 6, 7, 8, 9, 10],
  [5, 5, 5, 5, 5, 6, 7, 8, 9, 10],
  [6, 6, 6, 6, 6, 6, 7, 8, 9, 10],
  [7, 7, 7, 7, 7, 7, 7, 8, 9, 10],
  [8, 8, 8, 8, 8, 8, 8, 8, 9, 10],
  [9, 9, 9, 9, 9, 9, 9, 9, 9, 10],
  [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Reads a chart cell. Sums beyond a chart's axis are read at its last row or column (for example a
 * monitor at 3 with all four add-ons and more than 4 h a day adds up to 8 on an axis ending at 7):
 * the chart is already at its ceiling there.
 */
function cell(grid: readonly (readonly number[])[], row: number, rowStart: number, column: number, columnStart: number): number {
  const r = clamp(row - rowStart, 0, grid.length - 1);
  const c = clamp(column - columnStart, 0, grid[0].length - 1);
  return grid[r][c];
}

export const chairChart = (heightPlusDepth: number, armsPlusBack: number) => cell(CHAIR_GRID, heightPlusDepth, 2, armsPlusBack, 2);
export const monitorPhoneChart = (monitor: number, telephone: number) => cell(MONITOR_PHONE_GRID, telephone, 0, monitor, 0);
export const mouseKeyboardChart = (mouse: number, keyboard: number) => cell(MOUSE_KEYBOARD_GRID, mouse, 0, keyboard, 0);
export const peripheralsChart = (monitorPhone: number, mouseKeyboard: number) => cell(PERIPHERALS_GRID, monitorPhone, 1, mouseKeyboard, 1);
export const finalChart = (chair: number, peripherals: number) => cell(FINAL_GRID, chair, 1, peripherals, 1);

/** Section scores with their add-ons already summed (paper Fig. 1–4), before duration. */
export interface RosaInputs {
  /** 1 knees at about 90°, 2 too low or too high, 3 feet not on the floor; +1 no room under the desk, +1 not adjustable. */
  readonly seatHeight: number;
  /** 1 about 7.5 cm (3 in) behind the knee, 2 too long or too short; +1 not adjustable. */
  readonly seatDepth: number;
  /** 1 elbows supported in line with the shoulders, 2 too high or too low/none; +1 hard or damaged, +1 too wide, +1 not adjustable. */
  readonly armrests: number;
  /** 1 lumbar support at 95–110°, 2 no lumbar support, angled wrongly or none; +1 work surface too high, +1 not adjustable. */
  readonly backSupport: number;
  readonly chairDuration: RosaDuration;
  /** 1 at arm's length and eye level, 2 too low, 3 too high; +1 each: too far, neck twist > 30°, glare, documents without holder. */
  readonly monitor: number;
  readonly monitorDuration: RosaDuration;
  /** 0 when no telephone is used; 1 headset or one hand with a neutral neck, 2 out of reach (> 30 cm); +2 neck-and-shoulder hold, +1 no hands-free option. */
  readonly telephone: number;
  readonly telephoneDuration: RosaDuration;
  /** 1 in line with the shoulder, 2 reaching; +2 on a different surface from the keyboard, +1 pinch grip, +1 palm rest in front. */
  readonly mouse: number;
  readonly mouseDuration: RosaDuration;
  /** 1 wrists straight, 2 wrists extended over 15°; +1 each: deviated, too high, reaching overhead items, platform not adjustable. */
  readonly keyboard: number;
  readonly keyboardDuration: RosaDuration;
}

export interface RosaScores {
  readonly chair: number;
  readonly monitor: number;
  readonly telephone: number;
  readonly mouse: number;
  readonly keyboard: number;
  readonly monitorPhone: number;
  readonly mouseKeyboard: number;
  readonly peripherals: number;
  readonly final: number;
}

/** Duration is added to the chair chart result and to each device score before its chart (score sheet). */
export function scoreRosa(inputs: RosaInputs): RosaScores {
  const chair = clamp(
    chairChart(inputs.seatHeight + inputs.seatDepth, inputs.armrests + inputs.backSupport) + DURATION_MODIFIER[inputs.chairDuration],
    1,
    10,
  );
  const monitor = Math.max(0, inputs.monitor + DURATION_MODIFIER[inputs.monitorDuration]);
  const telephone = inputs.telephone === 0 ? 0 : Math.max(0, inputs.telephone + DURATION_MODIFIER[inputs.telephoneDuration]);
  const mouse = Math.max(0, inputs.mouse + DURATION_MODIFIER[inputs.mouseDuration]);
  const keyboard = Math.max(0, inputs.keyboard + DURATION_MODIFIER[inputs.keyboardDuration]);
  const monitorPhone = monitorPhoneChart(monitor, telephone);
  const mouseKeyboard = mouseKeyboardChart(mouse, keyboard);
  const peripherals = peripheralsChart(monitorPhone, mouseKeyboard);
  return { chair, monitor, telephone, mouse, keyboard, monitorPhone, mouseKeyboard, peripherals, final: finalChart(chair, peripherals) };
}
