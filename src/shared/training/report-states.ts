/**
 * The states a programme manager sees an enrolment in (docs/product.md "Training: the programme
 * manager's figures"): the stored state (TRAINING_STATES), except that a course not completed by its
 * due date is *overdue*, whether or not it was started. Defined once; the figures, the activity grid,
 * its export and custom search all read an enrolment's state through it.
 */
export const TRAINING_REPORT_STATES = ['assigned', 'in_progress', 'completed', 'overdue'] as const;
export type TrainingReportState = (typeof TRAINING_REPORT_STATES)[number];

/** The figures of the Programme Overview's training panel, each with its "how this is counted" text. */
export const TRAINING_FIGURE_KEYS = ['training_assigned', 'training_completed', 'training_in_progress', 'training_overdue'] as const;
export type TrainingFigureKey = (typeof TRAINING_FIGURE_KEYS)[number];
