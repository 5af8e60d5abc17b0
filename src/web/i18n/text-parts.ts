/**
 * Sections of content/interface/<language>.yaml read only by some pages, each shipped as its own chunk
 * (`<language>.yaml?staff`, `?reports`: src/web/build/interface-texts-plugin.ts; loaded by texts.ts),
 * so that the public and guidance pages carry neither (page-weight bench):
 * - staff: the admin center, the programme, client-manager and evaluator pages;
 * - reports: the self-assessment, the evaluation request and the reports;
 * - account: signing in, registering, single sign-on, choosing a client, the profile and password pages;
 * - outcomes: the Program Overview's risk-reduction panel (SPEC §1 "outcomes the programme can prove");
 * - targets: the client form's risk-reduction targets and the self-assessment settings' reminders;
 * - equipment: the catalogue, requests, decisions and fulfilment (docs/product.md "Equipment"), and
 *   custom search, whose conditions name equipment states and categories;
 * - training: My training and the course player;
 * - assigning: the admin center's training page (its form and table), apart from the learners' texts
 *   so that staff page stays within its budget;
 * - certificate: the public certificate check, apart so that public page stays within its budget;
 * - lms: the learning systems page (SCORM packages and xAPI settings);
 * - completion: the Programme Overview's training panel and the training activity page (docs/product.md
 *   "Training: the programme manager's figures").
 */
export const TEXT_PARTS = {
  staff: [
    'admin center',
    'staff pages',
    "the evaluator's inbox, starting an evaluation and the report form's side panel",
    'training in the admin center',
  ],
  reports: ['reports and assessments'],
  account: [
    'sign-in, registration, passwords',
    'single sign-on failures (src/shared/sso-errors.ts, spec §8)',
    'profile and password',
    'single sign-on, sign-out, client choice',
  ],
  outcomes: ['risk reduction'],
  targets: ['risk reduction targets and reminders'],
  equipment: ['equipment'],
  training: ['training'],
  assigning: ['training assignments'],
  certificate: ['certificate check'],
  lms: ['learning systems'],
  completion: ['training completion'],
} as const;
export type TextPart = keyof typeof TEXT_PARTS;

/**
 * The keys of the reports part (and only they are in it: tests/unit/i18n/staff-split.test.ts), so the
 * part a missing text belongs to can be told from its key.
 */
export const REPORT_KEY = /^(report|evaluation|evaluation_report|assessment)\./;
/** The keys of the equipment part start so, its forms' words among them (its menu labels and the guides' few words stay in the core). */
export const EQUIPMENT_KEY =
  /^(equipment\.(admin|manage|fulfil|mine|offers|spend|status|transition|category|mode)\.|grid\.equipment_|form\.equipment_|route\.(my_equipment|equipment_|admin_equipment))/;

/** The same for the account part: every key of it matches, and no key outside it does. */
export const ACCOUNT_KEY = /^(auth|sso|password|select)\.|^profile\.(?!title$)|^field\.work_email$/;

/** The same for the outcomes part: the risk-reduction panel's words and how its figures are counted. */
export const OUTCOMES_KEY =
  /^staff\.outcomes\.|^staff\.figures\.how\.(moved_out_of_high_risk|rosa_change|discomfort_change|open_actions|overdue_actions|cost_per_move)$/;

/** The same for the targets part: the fields of the client's outcome targets and action reminders. */
export const TARGETS_KEY =
  /^form\.client\.(moved_out_target|rosa_drop_target|discomfort_drop_target|overdue_ceiling|cost_per_move_target)(\.|$)|^form\.assessment_settings\.action_reminder_(days|limit)(\.|$)/;
/** The same for the training, assigning, certificate and learning-systems parts. */
export const LMS_KEY = /^(lms\.|form\.training_lms\.|route\.training_lms$)/;
export const TRAINING_KEY = /^training\./;
export const ASSIGNING_KEY = /^(training\.admin|form\.training_assignment)\./;
export const CERTIFICATE_KEY = /^training\.verify\./;
/** The same for the completion part: the training panel's and the training activity page's words. */
export const COMPLETION_KEY = /^(staff\.training\.|staff\.figures\.how\.training_|grid\.activity_training\.)/;

/** The part a text missing from the loaded tables belongs to, told from its key. */
export const partOfKey = (key: string): TextPart =>
  COMPLETION_KEY.test(key)
    ? 'completion'
    : REPORT_KEY.test(key)
      ? 'reports'
      : ACCOUNT_KEY.test(key)
        ? 'account'
        : OUTCOMES_KEY.test(key)
          ? 'outcomes'
          : EQUIPMENT_KEY.test(key)
            ? 'equipment'
            : TARGETS_KEY.test(key)
              ? 'targets'
              : CERTIFICATE_KEY.test(key)
                ? 'certificate'
                : ASSIGNING_KEY.test(key)
                  ? 'assigning'
                  : TRAINING_KEY.test(key)
                    ? 'training'
                    : LMS_KEY.test(key)
                      ? 'lms'
                      : 'staff';

/** Page keys (page-registry.ts) whose pages read each part; awaited with the page's chunk. */
export const PART_PAGES: Readonly<Record<TextPart, RegExp>> = {
  staff: /^(admin|dashboard)\//,
  reports: /^(reports|assessment|dashboard)\/|^admin\/summary-reports$/,
  account: /^(auth|profile)\//,
  outcomes: /^dashboard\/program-overview$/,
  targets: /^admin\/(client-form|self-assessment-settings)$/,
  equipment: /^(admin\/equipment|dashboard\/(my-equipment|equipment|equipment-fulfilment|my-actions|custom-search|custom-search-detail))$/,
  training: /^dashboard\/(my-training|training-course)$/,
  assigning: /^admin\/training$/,
  certificate: /^site\/verify-certificate$/,
  lms: /^admin\/training-lms$/,
  completion: /^dashboard\/(program-overview|training-activity)$/,
};
