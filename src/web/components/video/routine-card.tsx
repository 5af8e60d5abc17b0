import type { RoutineEntry } from '../../build/routines';
import { Link } from '../../app/history';
import { HTML_LANG, type InterfaceLanguage } from '../../i18n/language';
import { useLanguage } from '../../i18n/texts';
import { useGuideTitles } from '../content/use-guide-titles';

/** A routine's length with its units in the reader's language ("2 min 5 s", "2分5秒"), by Intl. */
export function routineLength(seconds: number, language: InterfaceLanguage): string {
  const locale = HTML_LANG[language];
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [...(minutes > 0 ? [unit(minutes, 'minute')] : []), ...(rest > 0 || minutes === 0 ? [unit(rest, 'second')] : [])];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(parts);
}

/**
 * An animated routine in the video library (SPEC §2 video library): the still of its first step and
 * its title open the routine's guidance page, where the follow-along timer runs it; its length in
 * minutes and seconds, with their units in the reader's language. The picture is decorative: the title names the routine.
 */
export function RoutineCard({ routine, to }: { routine: RoutineEntry; to: string }) {
  const { picture } = routine;
  const language = useLanguage();
  // The routine is a guidance page: its title and summary in the reader's language (content/guide-titles).
  const heading = useGuideTitles(language)?.[routine.file];
  return (
    <li className="video-card routine-card">
      <Link to={to} className="routine-link">
        <img src={picture.src} width={picture.width} height={picture.height} alt="" loading="lazy" decoding="async" />
        <h3>{heading?.title ?? routine.title}</h3>
      </Link>
      <p className="muted">{heading?.summary ?? routine.summary}</p>
      <p className="muted">
        <svg className="routine-clock" aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 16 16">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4v4l3 2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>{' '}
        <time dateTime={`PT${routine.seconds}S`}>{routineLength(routine.seconds, language)}</time>
      </p>
    </li>
  );
}
