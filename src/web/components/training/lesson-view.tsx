import type { ApiResponse } from '../../../../generated/api-types';
import { AppLink } from '../links/app-link';
import { useT } from '../../i18n/texts';
import { LessonMarkdown } from './lesson-markdown';

export type Lesson = ApiResponse<'training_course'>['course']['modules'][number]['lessons'][number];

/**
 * One lesson: its words, its illustration with its text alternative (drawn as an image, so markup
 * in it can never run), the guidance pages and the video it points to.
 */
export function LessonView({ lesson, place }: { lesson: Lesson; place: string }) {
  const t = useT();
  return (
    <article aria-labelledby="lesson-heading" className="training-lesson">
      <p style={{ margin: 0, color: '#5b5852' }}>{place}</p>
      <h2 id="lesson-heading" tabIndex={-1} style={{ marginTop: '0.25rem' }}>
        {lesson.title}
      </h2>
      {lesson.illustration && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(lesson.illustration.svg)}`}
          alt={lesson.illustration.alt}
          style={{ display: 'block', maxWidth: '100%', width: '28rem', height: 'auto', margin: '0 0 1rem' }}
        />
      )}
      <LessonMarkdown source={lesson.body} />
      {(lesson.guidance.length > 0 || lesson.video) && (
        <ul style={{ paddingLeft: '1.25rem' }}>
          {lesson.guidance.map((g) => (
            <li key={g.path}>
              {t('training.guidance')}:{' '}
              <AppLink to={g.path} fallback={g.title}>
                {g.title}
              </AppLink>
            </li>
          ))}
          {lesson.video && (
            <li>
              {t('training.video')}:{' '}
              <a href={lesson.video.url} target="_blank" rel="noopener noreferrer">
                {lesson.video.title}
              </a>
            </li>
          )}
        </ul>
      )}
    </article>
  );
}
