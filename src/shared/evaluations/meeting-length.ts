/**
 * How long a one-to-one virtual evaluation lasts, in minutes (SPEC §1 "one-to-one virtual
 * evaluations"): the request page promises it ("about {minutes} minutes", content/client-texts/
 * ergo-eval.yaml) and the booked meeting's .ics invitation blocks that much time, so both read it here.
 */
export const EVALUATION_MINUTES = 45;
