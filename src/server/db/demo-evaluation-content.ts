import { rosaOf, type Observations, type Recommendation } from '../../shared/evaluations/observation-form';

/**
 * What the demo's one-to-one evaluation reports say (demo-evaluations.ts, demo-evaluation-history.ts):
 * whole reports as an ergonomist writes them on the evaluation form (content/evaluations/
 * observations.json), several observations in each section, the ROSA score computed from them as
 * the form does (src/shared/evaluations/observation-form.ts rosaOf), and three to five catalogue
 * recommendations that follow from what was observed, each attaching its guide or equipment page.
 */
export interface DemoReport {
  readonly observations: Observations;
  readonly recommendations: readonly Recommendation[];
}

export const DEMO_REPORTS: readonly DemoReport[] = [
  {
    observations: {
      'chair.seat_height': 'too_low',
      'chair.legroom': 'yes',
      'chair.height_adjustable': 'yes',
      'chair.seat_depth': 'too_long',
      'chair.armrests': 'too_high',
      'chair.backrest': 'no_lumbar',
      'chair.backrest_adjustable': 'no',
      'time.sitting': 'gt4',
      chair: 'Sits on the front edge of the seat; the backrest is never used.',
      'screen.height': 'too_low',
      'screen.distance': 'arm_length',
      'screen.glare': 'yes',
      'time.screen': 'gt4',
      screens: 'Laptop screen only; the top of the screen is about 15 cm below eye height.',
      'keyboard.wrists': 'extended',
      'mouse.position': 'reaching',
      'habits.breaks': 'rare',
      posture: 'Leans forward to read the screen; neck flexed for most of the call.',
    },
    recommendations: [
      { catalogue_key: 'chair.lumbar_support', priority: 'high' },
      { catalogue_key: 'screen.laptop_stand', priority: 'high' },
      { catalogue_key: 'input.external_keyboard', priority: 'high' },
      { catalogue_key: 'screen.glare', priority: 'medium' },
      { catalogue_key: 'habits.breaks', priority: 'low' },
    ],
  },
  {
    observations: {
      'chair.seat_height': 'feet_unsupported',
      'chair.height_adjustable': 'yes',
      'chair.seat_depth': 'fits',
      'chair.armrests': 'too_high',
      'chair.armrest_issues': ['hard'],
      'chair.backrest': 'lumbar_supported',
      'time.sitting': 'gt4',
      'desk.too_high': 'yes',
      'desk.type': 'fixed',
      desk: 'Fixed desk at 76 cm; the seat is raised to reach it, so the feet dangle.',
      'screen.height': 'eye_level',
      'screen.distance': 'too_far',
      'time.screen': '1to4',
      'keyboard.wrists': 'extended',
      'keyboard.too_high': 'yes',
      'mouse.position': 'in_line',
      'phone.calls': 'handset',
      'phone.hands_free': 'no',
      'time.phone': '1to4',
      posture: 'Shoulders raised while typing; holds the handset between ear and shoulder on calls.',
    },
    recommendations: [
      { catalogue_key: 'chair.footrest', priority: 'high' },
      { catalogue_key: 'chair.armrests_lower', priority: 'high' },
      { catalogue_key: 'phone.headset', priority: 'medium' },
      { catalogue_key: 'screen.centre', priority: 'low' },
    ],
  },
  {
    observations: {
      'chair.seat_height': 'knees_level',
      'chair.seat_depth': 'fits',
      'chair.armrests': 'none',
      'chair.backrest': 'angle_wrong',
      'chair.backrest_adjustable': 'yes',
      'time.sitting': '1to4',
      'screen.height': 'too_high',
      'screen.neck_twist': 'yes',
      'screen.documents': 'no_holder',
      'time.screen': 'gt4',
      screens: 'Two screens side by side; the main one is off to the left.',
      'keyboard.wrists': 'straight',
      'mouse.position': 'reaching',
      'mouse.grip': 'pinch',
      'lighting.level': 'too_dim',
      'lighting.window': 'behind_screen',
      environment: 'The window behind the screens makes them hard to read in the afternoon.',
      posture: 'Turns the head to the left for most of the day; reaches forward for the mouse.',
    },
    recommendations: [
      { catalogue_key: 'screen.centre', priority: 'high' },
      { catalogue_key: 'input.mouse_close', priority: 'high' },
      { catalogue_key: 'screen.document_holder', priority: 'medium' },
      { catalogue_key: 'environment.lighting', priority: 'medium' },
    ],
  },
  {
    observations: {
      'chair.seat_height': 'too_high',
      'chair.height_adjustable': 'no',
      'chair.seat_depth': 'too_short',
      'chair.depth_adjustable': 'no',
      'chair.armrests': 'none',
      'chair.backrest': 'none',
      'time.sitting': 'gt4',
      chair: 'Works from a dining chair with no adjustment.',
      'desk.type': 'table',
      'screen.height': 'too_low',
      'screen.distance': 'arm_length',
      'time.screen': 'gt4',
      'keyboard.wrists': 'extended',
      'keyboard.adjustable': 'no',
      'mouse.position': 'in_line',
      'mouse.same_surface': 'yes',
      'habits.breaks': 'rare',
      posture: 'Slumps forward by mid-afternoon; rarely stands up between meetings.',
    },
    recommendations: [
      { catalogue_key: 'chair.adjustable_chair', priority: 'high' },
      { catalogue_key: 'screen.laptop_stand', priority: 'high' },
      { catalogue_key: 'input.external_keyboard', priority: 'medium' },
      { catalogue_key: 'desk.sit_stand', priority: 'low' },
      { catalogue_key: 'habits.breaks', priority: 'medium' },
    ],
  },
  {
    observations: {
      'chair.seat_height': 'knees_level',
      'chair.height_adjustable': 'yes',
      'chair.seat_depth': 'fits',
      'chair.depth_adjustable': 'yes',
      'chair.armrests': 'supported',
      'chair.armrest_adjustable': 'yes',
      'chair.backrest': 'lumbar_supported',
      'chair.backrest_adjustable': 'yes',
      'time.sitting': '1to4',
      'desk.type': 'sit_stand',
      desk: 'Sit-stand desk, but it is kept at sitting height all day; the surface is crowded with papers.',
      'screen.height': 'eye_level',
      'screen.distance': 'arm_length',
      'time.screen': '1to4',
      'keyboard.wrists': 'straight',
      'mouse.position': 'in_line',
      'phone.calls': 'headset',
      'lighting.level': 'too_dim',
      'habits.breaks': 'rare',
      posture: 'Good neutral posture; stays seated for long stretches between meetings.',
    },
    recommendations: [
      { catalogue_key: 'habits.breaks', priority: 'medium' },
      { catalogue_key: 'desk.sit_stand', priority: 'medium' },
      { catalogue_key: 'desk.declutter', priority: 'low' },
      { catalogue_key: 'environment.task_light', priority: 'low' },
    ],
  },
];

/** A demo report's stored ROSA, computed from its observations as the evaluation form does. */
export const demoRosa = (report: DemoReport) => rosaOf(report.observations);
