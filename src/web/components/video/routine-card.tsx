import type { RoutineEntry } from '../../build/routines';
import { Link } from '../../app/history';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * An animated routine in the video library (SPEC §2 video library): the still of its first step and
 * its title open the routine's guidance page, where the follow-along timer runs it; its length in
 * minutes and seconds. The picture is decorative: the title names the routine.
 */
export function RoutineCard({ routine, to }: { routine: RoutineEntry; to: string }) {
  const { picture } = routine;
  return (
    <li className="video-card routine-card">
      <Link to={to} className="routine-link">
        <img src={picture.src} width={picture.width} height={picture.height} alt="" loading="lazy" decoding="async" />
        <h3>{routine.title}</h3>
      </Link>
      <p className="muted">{routine.summary}</p>
      <p className="muted">
        <svg className="routine-clock" aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 16 16">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4v4l3 2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>{' '}
        <time dateTime={`PT${routine.seconds}S`}>{clock(routine.seconds)}</time>
      </p>
    </li>
  );
}
