import { createEvent } from 'ics';

/**
 * The calendar invitation of an evaluation meeting (RFC 5545 iCalendar with RFC 5546 iTIP methods):
 * REQUEST to book or move it, CANCEL to remove it. One UID per request and a SEQUENCE raised on
 * every change, so the employee's calendar updates the same event instead of adding another.
 */
export interface InvitationInput {
  readonly requestId: number;
  readonly sequence: number;
  readonly method: 'REQUEST' | 'CANCEL';
  readonly start: Date;
  readonly minutes: number;
  readonly meetingUrl: string;
  readonly organizer: { readonly name: string; readonly email: string };
  readonly attendee: { readonly name: string; readonly email: string };
}

export function invitationUid(requestId: number): string {
  return `evaluation-request-${requestId}@ergoportal`;
}

export function buildInvitation(input: InvitationInput): string {
  const { error, value } = createEvent({
    productId: 'ergoportal/evaluations',
    method: input.method,
    uid: invitationUid(input.requestId),
    sequence: input.sequence,
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: input.minutes },
    title: 'One-to-one ergonomics evaluation',
    description: `Video meeting with your ergonomist. Join: ${input.meetingUrl}`,
    location: input.meetingUrl,
    url: input.meetingUrl,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [{ name: input.attendee.name, email: input.attendee.email, rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' }],
  });
  if (error || !value) throw error ?? new Error('The calendar invitation could not be built.');
  return value;
}

/** The meeting time as the employee reads it, in their own time zone. */
export function formatInZone(when: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(when);
}

/** True for an IANA time zone name the runtime knows (e.g. "Europe/Paris"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
