import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { href } from '../../../../generated/routes';
import { AppLink } from '../../components/links/app-link';
import { LessonView } from '../../components/training/lesson-view';
import { QuizPanel, type QuizResult } from '../../components/training/quiz-panel';
import { useT } from '../../i18n/texts';
import { callUrl } from '../../api/call-url';

type Data = ApiResponse<'training_course'>;
type View = { kind: 'lesson'; module: number; lesson: number } | { kind: 'quiz'; module: number } | { kind: 'done' };

const ref = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`;

/** Where the learner left off: the completion screen, else the lesson of their position, else the first. */
function startView(data: Data): View {
  if (data.enrolment.state === 'completed') return { kind: 'done' };
  const modules = data.course.modules;
  for (let m = 0; m < modules.length; m++)
    for (let l = 0; l < modules[m]!.lessons.length; l++)
      if (ref(modules[m]!.id, modules[m]!.lessons[l]!.id) === data.enrolment.position) return { kind: 'lesson', module: m, lesson: l };
  return { kind: 'lesson', module: 0, lesson: 0 };
}

/**
 * The course player (docs/product.md "Training"): the modules and their lessons with what is read and
 * passed, one lesson or one module's quiz at a time, and the certificate once every module is passed.
 */
export default function TrainingCoursePage({ params }: PageProps) {
  const t = useT();
  const course = params.course ?? '';
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<View | null>(null);
  // The module whose quiz is being answered on screen: its panel stays up after the answer that
  // passes it (or completes the course), so that answer's explanations, any offer of help for a key
  // question (docs/product.md "Training") and the way on to the next module or certificate still show.
  const [answering, setAnswering] = useState<string | null>(null);
  // On a phone the contents start folded, so the lesson is what shows first.
  const [wide] = useState(() => typeof window === 'undefined' || window.matchMedia?.('(min-width: 48rem)').matches !== false);

  useEffect(() => {
    call('training_course', { params: { course } }, { quiet: true })
      .then(({ data: d }) => {
        setData(d);
        setView(startView(d));
      })
      .catch(() => setFailed(true));
  }, [course]);

  const lesson = view?.kind === 'lesson' && data ? data.course.modules[view.module]?.lessons[view.lesson] : undefined;
  const moduleId = view?.kind === 'lesson' && data ? data.course.modules[view.module]?.id : undefined;
  const completed = data?.enrolment.state === 'completed';
  useEffect(() => {
    if (!lesson || !moduleId || completed) return;
    call('training_lesson_open', { params: { course }, body: { module: moduleId, lesson: lesson.id } })
      .then(({ data: d }) =>
        setData((old) =>
          old ? { ...old, enrolment: { ...old.enrolment, lessons_done: d.lessons_done, progress: d.progress, state: d.state } } : old,
        ),
      )
      .catch(() => undefined);
  }, [course, moduleId, lesson, completed]);

  const go = useCallback((next: View) => {
    setView(next);
    setAnswering(null);
    window.scrollTo?.(0, 0);
    requestAnimationFrame(() =>
      document.getElementById(next.kind === 'quiz' ? 'quiz-heading' : next.kind === 'done' ? 'done-heading' : 'lesson-heading')?.focus(),
    );
  }, []);

  if (failed)
    return (
      <section aria-labelledby="page-heading">
        <h1 id="page-heading">{t('training.title')}</h1>
        <p role="alert">{t('training.not_found')}</p>
        <AppLink to={href('my_training')}>{t('training.back')}</AppLink>
      </section>
    );
  if (!data || !view)
    return (
      <p role="status" style={{ padding: '1rem' }}>
        {t('training.loading')}
      </p>
    );

  const modules = data.course.modules;
  const passed = new Map(data.enrolment.modules_passed.map((p) => [p.module, p.score]));
  const onResult = (r: QuizResult) => {
    if (view.kind === 'quiz') setAnswering(modules[view.module]!.id);
    setData((old) => {
      if (!old) return old;
      const e = old.enrolment;
      const m = view.kind === 'quiz' ? modules[view.module]!.id : '';
      const modulesPassed =
        r.attempt?.passed && !e.modules_passed.some((p) => p.module === m)
          ? [...e.modules_passed, { module: m, score: r.attempt.score }]
          : e.modules_passed;
      const done = r.completed
        ? { state: 'completed' as const, score: r.completed.score, certificate_code: r.completed.certificate_code, progress: 100 }
        : {};
      return { ...old, enrolment: { ...e, modules_passed: modulesPassed, ...done } };
    });
  };
  const afterQuiz = (m: number) =>
    go(data.enrolment.state === 'completed' || m + 1 >= modules.length ? { kind: 'done' } : { kind: 'lesson', module: m + 1, lesson: 0 });

  return (
    <section aria-labelledby="page-heading" style={{ maxWidth: '72rem' }}>
      <p style={{ margin: '0 0 0.5rem' }}>
        <AppLink to={href('my_training')}>← {t('training.back')}</AppLink>
      </p>
      <h1 id="page-heading">{data.course.title}</h1>
      <div style={{ display: 'flex', alignItems: 'center', gap: '0.75rem', flexWrap: 'wrap', marginBottom: '1rem' }}>
        <progress
          max={100}
          value={data.enrolment.progress}
          aria-label={t('training.progress', { percent: String(data.enrolment.progress) })}
        />
        <span>{t('training.progress', { percent: String(data.enrolment.progress) })}</span>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1.5rem', alignItems: 'flex-start' }}>
        <nav aria-label={t('training.contents')} style={{ flex: '1 1 16rem', maxWidth: '100%' }}>
          <details open={wide}>
            <summary style={{ fontSize: '1.1rem', fontWeight: 700, cursor: 'pointer', marginBottom: '0.5rem' }}>
              {t('training.contents')}
            </summary>
            <ol style={{ paddingLeft: '1.25rem', margin: 0 }}>
              {modules.map((m, mi) => (
                <li key={m.id} style={{ marginBottom: '0.75rem' }}>
                  <strong>{m.title}</strong>
                  <ul style={{ listStyle: 'none', paddingLeft: '0.25rem', margin: '0.25rem 0 0' }}>
                    {m.lessons.map((l, li) => {
                      const current = view.kind === 'lesson' && view.module === mi && view.lesson === li;
                      const read = data.enrolment.lessons_done.includes(ref(m.id, l.id));
                      return (
                        <li key={l.id}>
                          <button
                            type="button"
                            className="link-button"
                            aria-current={current ? 'step' : undefined}
                            onClick={() => go({ kind: 'lesson', module: mi, lesson: li })}
                            style={{ fontWeight: current ? 700 : 400, textAlign: 'left', padding: '0.2rem 0', minHeight: '1.75rem' }}
                          >
                            <span aria-hidden="true">{read ? '✓ ' : '○ '}</span>
                            {l.title}
                            {read && <span className="visually-hidden"> ({t('training.lesson_read')})</span>}
                          </button>
                        </li>
                      );
                    })}
                    <li>
                      <button
                        type="button"
                        className="link-button"
                        aria-current={view.kind === 'quiz' && view.module === mi ? 'step' : undefined}
                        onClick={() => go({ kind: 'quiz', module: mi })}
                        style={{
                          fontWeight: view.kind === 'quiz' && view.module === mi ? 700 : 400,
                          textAlign: 'left',
                          padding: '0.2rem 0',
                          minHeight: '1.75rem',
                        }}
                      >
                        <span aria-hidden="true">{passed.has(m.id) ? '✓ ' : '○ '}</span>
                        {t('training.quiz')}
                        {passed.has(m.id) && ` · ${t('training.passed', { score: String(passed.get(m.id)) })}`}
                      </button>
                    </li>
                  </ul>
                </li>
              ))}
            </ol>
          </details>
        </nav>
        <div style={{ flex: '3 1 22rem', minWidth: 0, maxWidth: '46rem' }}>
          {view.kind === 'lesson' && lesson && (
            <>
              {view.lesson === 0 && <p>{modules[view.module]!.intro}</p>}
              <LessonView
                key={lesson.id}
                lesson={lesson}
                place={`${modules[view.module]!.title} · ${t('training.lesson_of', { n: String(view.lesson + 1), total: String(modules[view.module]!.lessons.length) })}`}
              />
              <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', marginTop: '1.5rem' }}>
                {(view.lesson > 0 || view.module > 0) && (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() =>
                      go(
                        view.lesson > 0
                          ? { kind: 'lesson', module: view.module, lesson: view.lesson - 1 }
                          : { kind: 'quiz', module: view.module - 1 },
                      )
                    }
                  >
                    {t('training.previous')}
                  </button>
                )}
                {view.lesson + 1 < modules[view.module]!.lessons.length ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => go({ kind: 'lesson', module: view.module, lesson: view.lesson + 1 })}
                  >
                    {t('training.next')}
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => go({ kind: 'quiz', module: view.module })}>
                    {t('training.take_quiz')}
                  </button>
                )}
              </p>
            </>
          )}
          {view.kind === 'quiz' &&
            (answering !== modules[view.module]!.id && passed.has(modules[view.module]!.id) && !completed ? (
              <div>
                <h2 id="quiz-heading" tabIndex={-1}>
                  {t('training.quiz')}: {modules[view.module]!.title}
                </h2>
                <p>
                  {t('training.module_passed')} · {t('training.passed', { score: String(passed.get(modules[view.module]!.id)) })}
                </p>
                <button type="button" className="button" onClick={() => afterQuiz(view.module)}>
                  {t('training.next')}
                </button>
              </div>
            ) : answering !== modules[view.module]!.id && completed ? (
              <div>
                <h2 id="quiz-heading" tabIndex={-1}>
                  {t('training.quiz')}: {modules[view.module]!.title}
                </h2>
                <p>{t('training.module_passed')}</p>
              </div>
            ) : (
              <QuizPanel
                key={modules[view.module]!.id}
                courseId={data.course.id}
                module={modules[view.module]!}
                given={data.enrolment.quiz_feedback[modules[view.module]!.id] ?? []}
                onResult={onResult}
                onContinue={() => afterQuiz(view.module)}
              />
            ))}
          {view.kind === 'done' && (
            <div>
              <h2 id="done-heading" tabIndex={-1}>
                {t('training.completed_title')}
              </h2>
              <p>{t('training.completed_text', { score: String(data.enrolment.score ?? 0) })}</p>
              <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
                <a className="button" href={callUrl('training_certificate', { id: String(data.enrolment.id) })} download>
                  {t('training.certificate')}
                </a>
                <button type="button" className="button secondary" onClick={() => go({ kind: 'lesson', module: 0, lesson: 0 })}>
                  {t('training.review')}
                </button>
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
