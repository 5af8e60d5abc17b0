/**
 * The e-mail templates the portal itself sends (SPEC §2 /admin/email_template), by the name the
 * migrations store them under (003, 015, 016, 018, 021, 033, 041, 042). The server renders only these by name;
 * the admin pages show each by its own words (`admin.template_name.<name>` in content/interface/),
 * and a template an administrator added keeps the name it was given.
 */
export const BUILT_IN_TEMPLATES = [
  'password_reset',
  'account_created',
  'account_exists',
  'reassessment_reminder',
  'evaluation_scheduled',
  'evaluation_rescheduled',
  'evaluation_cancelled',
  'evaluation_submitted',
  'evaluation_returned',
  'evaluation_reviewed',
  'evaluation_pending_approval',
  'evaluation_declined',
  'evaluation_finalized',
  'evaluation_hidden',
  'evaluation_follow_up',
  'evaluation_follow_up_reminder',
  'action_reminder',
  'equipment_requested',
  'equipment_approved',
  'equipment_declined',
  'equipment_ordered',
  'equipment_delivered',
  'equipment_loaned',
  'equipment_returned',
  'equipment_loan_overdue',
  'training_reminder',
  'training_help_requested',
] as const;

export type BuiltInTemplate = (typeof BUILT_IN_TEMPLATES)[number];

export const isBuiltInTemplate = (name: string): name is BuiltInTemplate => (BUILT_IN_TEMPLATES as readonly string[]).includes(name);
