import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../app/history';
import type { AnswerValue, Questionnaire } from '../../../shared/assessment/types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { ApiError } from '../../api/errors';
import { shownQuestions, shownSections, unansweredRequired } from './components/branching';
import { pageText } from '../../components/assessment/page-text';
import { QuestionField } from './components/question-field';
import { useT } from '../../i18n/texts';
import SelfAssessmentSignupPage from './self-assessment-signup';
import './components/assessment.css';
import { href } from '../../../../generated/routes';

type Attempt = ApiResponse<'assessment_attempt'>['attempt'];
type Answers = Record<string, AnswerValue>;

/**
 * SPEC §2 /user/self_assessment: the questionnaire one section at a time with progress, branching,
 * saving each section on the server (so it can be resumed from the sign-up page) and submitting for
 * an instant report. Opened with ?attempt=<id> from /user/self_assessment_signup.
 */
export default function SelfAssessmentPage(props: PageProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const attemptId = search.get('attempt');
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [questionnaire, setQuestionnaire] = useState<Questionnaire | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [index, setIndex] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'saving' | 'submitting' | null>(null);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const ui = useT();

  useEffect(() => {
    if (!attemptId) return;
    call('assessment_attempt', { params: { id: attemptId } }, { quiet: true }).then(
      ({ data }) => {
        if (data.attempt.status === 'submitted' && data.url)
          return navigate(href('my_reports_viewreport', { url: data.url }), { replace: true });
        setAttempt(data.attempt);
        setQuestionnaire(data.questionnaire);
        setAnswers(data.attempt.answers);
        // Resume at the first section not yet saved or left with required questions open.
        const sections = shownSections(data.questionnaire, data.attempt.answers);
        const next = sections.findIndex(
          (s) => !data.attempt.sections_done.includes(s.id) || unansweredRequired(data.questionnaire, s, data.attempt.answers).length > 0,
        );
        setIndex(next === -1 ? Math.max(0, sections.length - 1) : next);
      },
      () => setFailed(true),
    );
  }, [attemptId, navigate]);

  const sections = useMemo(() => (questionnaire ? shownSections(questionnaire, answers) : []), [questionnaire, answers]);
  // Opened from a menu or guidance link without an attempt: choose the work area first.
  if (!attemptId) return <SelfAssessmentSignupPage {...props} />;
  if (failed) {
    return (
      <section className="assessment-page">
        <h1>{ui('assessment.title')}</h1>
        <p>
          {ui('assessment.not_found')} <Link to={href('self_assessment_signup')}>{ui('assessment.start_or_continue')}</Link>
        </p>
      </section>
    );
  }
  if (!attempt || !questionnaire)
    return (
      <section className="assessment-page">
        <p role="status">{ui('assessment.loading')}</p>
      </section>
    );

  const t = pageText(questionnaire.ui);
  const section = sections[Math.min(index, sections.length - 1)];
  const last = index >= sections.length - 1;
  const setAnswer = (id: string, value: AnswerValue | undefined) =>
    setAnswers((a) => {
      const next = { ...a };
      if (value === undefined) delete next[id];
      else next[id] = value;
      return next;
    });
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());

  const save = async (then: 'next' | 'leave' | 'submit') => {
    // A body grid left untouched is an answer: no discomfort anywhere (CMDQ "never" in every region).
    const untouched = shownQuestions(questionnaire, section, answers).filter((q) => q.kind === 'cmdq' && answers[q.id] === undefined);
    if (untouched.length > 0) {
      const filled = { ...answers, ...Object.fromEntries(untouched.map((q) => [q.id, {}])) };
      setAnswers(filled);
      return saveWith(filled, then);
    }
    return saveWith(answers, then);
  };

  const saveWith = async (answers: Answers, then: 'next' | 'leave' | 'submit') => {
    const missing = then === 'leave' ? [] : unansweredRequired(questionnaire, section, answers);
    if (missing.length > 0) {
      setProblems(missing.map((q) => t('ui.please_answer', { question: q.text })));
      return;
    }
    setProblems([]);
    setBusy(then === 'submit' ? 'submitting' : 'saving');
    try {
      await call(
        'assessment_save',
        {
          params: { id: attempt.id },
          body: { section: section.id, answers: Object.fromEntries(section.questions.map((q) => [q.id, answers[q.id] ?? null])) },
        },
        { quiet: true },
      );
      if (then === 'leave') return navigate(href('self_assessment_signup'));
      if (then === 'next') {
        setIndex(index + 1);
        focusHeading();
        return;
      }
      const shown = new Set(sections.flatMap((s) => shownQuestions(questionnaire, s, answers).map((q) => q.id)));
      const final = Object.fromEntries(Object.entries(answers).filter(([id, v]) => shown.has(id) && v !== undefined));
      const { data } = await call('assessment_submit', { params: { id: attempt.id }, body: { answers: final } }, { quiet: true });
      navigate(href('my_reports_viewreport', { url: data.url }));
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { problems?: string[] }) : null;
      setProblems(body?.problems ?? [error instanceof Error ? error.message : ui('assessment.save_failed')]);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="assessment-page" aria-labelledby="assessment-heading">
      <h1 id="assessment-heading">{questionnaire.title}</h1>
      {index === 0 && <p>{questionnaire.intro}</p>}
      <p id="progress-label">{t('ui.progress', { current: index + 1, total: sections.length })}</p>
      <progress max={sections.length} value={index + 1} aria-labelledby="progress-label" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(last ? 'submit' : 'next');
        }}
        noValidate
      >
        <h2 ref={heading} tabIndex={-1}>
          {section.title}
        </h2>
        {section.intro && <p>{section.intro}</p>}
        {shownQuestions(questionnaire, section, answers).map((q) => (
          <QuestionField key={q.id} question={q} value={answers[q.id]} onChange={(v) => setAnswer(q.id, v)} t={t} />
        ))}
        {problems.length > 0 && (
          <div role="alert" className="form-error">
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="assessment-actions">
          {index > 0 && (
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setProblems([]);
                setIndex(index - 1);
                focusHeading();
              }}
            >
              {t('ui.previous')}
            </button>
          )}
          <button type="submit" className="button" disabled={busy !== null}>
            {t(busy === 'submitting' ? 'ui.submitting' : busy === 'saving' ? 'ui.saving' : last ? 'ui.submit' : 'ui.next')}
          </button>
          <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void save('leave')}>
            {t('ui.later')}
          </button>
        </div>
      </form>
    </section>
  );
}
