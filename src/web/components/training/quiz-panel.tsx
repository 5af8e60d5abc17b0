import { useRef, useState } from 'react';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { AppLink } from '../links/app-link';
import { useT } from '../../i18n/texts';

type Course = ApiResponse<'training_course'>['course'];
export type QuizModule = Course['modules'][number];
export type Feedback = ApiResponse<'training_quiz_answer'>['feedback'][number];
export type QuizResult = ApiResponse<'training_quiz_answer'>;

/**
 * One module's quiz, one question at a time (docs/product.md "Training"): the answer is scored on the
 * server, which sends back whether it was right and every answer's explanation; the module's last
 * answer brings the attempt's score against the pass mark, and a failed attempt may be retried.
 * Answers already given in the attempt under way (`given`) stand when the page is opened again.
 */
export function QuizPanel({
  courseId,
  module,
  given,
  onResult,
  onContinue,
}: {
  courseId: string;
  module: QuizModule;
  given: readonly Feedback[];
  onResult: (result: QuizResult) => void;
  onContinue: () => void;
}) {
  const t = useT();
  const [feedback, setFeedback] = useState<Record<string, Feedback>>(() => Object.fromEntries(given.map((f) => [f.question, f])));
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      module.quiz.findIndex((q) => !given.some((f) => f.question === q.id)),
    ),
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [help, setHelp] = useState<QuizResult['help']>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const question = module.quiz[index]!;
  const shown = feedback[question.id];
  const attempt = result?.attempt ?? null;

  async function check() {
    if (chosen.length === 0 || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await call('training_quiz_answer', {
        params: { course: courseId },
        body: { module: module.id, answers: { [question.id]: chosen } },
      });
      setFeedback((f) => ({ ...f, ...Object.fromEntries(data.feedback.map((x) => [x.question, x])) }));
      if (data.help) setHelp(data.help);
      if (data.attempt) setResult(data);
      onResult(data);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('training.load_failed'));
    } finally {
      setBusy(false);
    }
  }

  function next() {
    setIndex((i) => Math.min(i + 1, module.quiz.length - 1));
    setChosen([]);
    heading.current?.focus();
  }

  function retry() {
    setFeedback({});
    setResult(null);
    setIndex(0);
    setChosen([]);
    heading.current?.focus();
  }

  const answerText = (id: string) => question.answers.find((a) => a.id === id)?.text ?? id;

  return (
    <section aria-labelledby="quiz-heading" className="training-quiz">
      <h2 id="quiz-heading" ref={heading} tabIndex={-1}>
        {t('training.quiz')}: {module.title}
      </h2>
      <p>
        {t('training.pass_mark', { percent: String(module.pass_mark) })} ·{' '}
        {t('training.question_of', { n: String(index + 1), total: String(module.quiz.length) })}
      </p>
      <fieldset disabled={Boolean(shown) || busy} style={{ border: '1px solid #d9d6cf', borderRadius: 8, padding: '0.75rem 1rem' }}>
        <legend>
          <strong>{question.text}</strong>
          <br />
          <small>{t(question.kind === 'single' ? 'training.choose_one' : 'training.choose_all')}</small>
        </legend>
        {question.answers.map((a) => {
          const picked = shown ? shown.chosen.includes(a.id) : chosen.includes(a.id);
          return (
            <label key={a.id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start', padding: '0.4rem 0', cursor: 'pointer' }}>
              <input
                type={question.kind === 'single' ? 'radio' : 'checkbox'}
                name={`q-${question.id}`}
                value={a.id}
                checked={picked}
                style={{ marginTop: '0.3rem', flex: 'none' }}
                onChange={(e) =>
                  setChosen((c) => (question.kind === 'single' ? [a.id] : e.target.checked ? [...c, a.id] : c.filter((x) => x !== a.id)))
                }
              />
              <span>{a.text}</span>
            </label>
          );
        })}
      </fieldset>
      {error && <p role="alert">{error}</p>}
      {!shown && (
        <p>
          <button type="button" className="button" onClick={() => void check()} disabled={chosen.length === 0 || busy}>
            {t('training.check')}
          </button>
        </p>
      )}
      {shown && (
        <div role="status" className={shown.correct ? 'training-feedback right' : 'training-feedback wrong'}>
          <p>
            <strong>{t(shown.correct ? 'training.right' : 'training.wrong')}</strong>
          </p>
          <ul>
            {shown.answers.map((a) => (
              <li key={a.id}>
                <span aria-hidden="true">{a.correct ? '✓ ' : '✗ '}</span>
                <strong>{answerText(a.id)}</strong>
                {shown.chosen.includes(a.id) ? ` (${t('training.your_answer')})` : ''}: {a.why}
              </li>
            ))}
          </ul>
        </div>
      )}
      {help && (
        <aside className="training-help" aria-labelledby="help-heading">
          <h3 id="help-heading">{t('training.help_title')}</h3>
          <p>{t('training.help_text')}</p>
          <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            {help.self_assessment && <AppLink to={help.self_assessment}>{t('training.help_self_assessment')}</AppLink>}
            {help.evaluation && <AppLink to={help.evaluation}>{t('training.help_evaluation')}</AppLink>}
          </p>
          {help.manager_told && <p>{t('training.help_manager')}</p>}
        </aside>
      )}
      {shown && !attempt && index < module.quiz.length - 1 && (
        <p>
          <button type="button" className="button" onClick={next}>
            {t('training.next_question')}
          </button>
        </p>
      )}
      {attempt && (
        <div role="status" aria-live="polite">
          <p>
            <strong>
              {attempt.passed
                ? t('training.passed', { score: String(attempt.score) })
                : t('training.failed', { score: String(attempt.score), pass: String(attempt.pass_mark) })}
            </strong>
          </p>
          <p>
            {attempt.passed ? (
              <button type="button" className="button" onClick={onContinue}>
                {t('training.next')}
              </button>
            ) : (
              <button type="button" className="button" onClick={retry}>
                {t('training.retry')}
              </button>
            )}
          </p>
        </div>
      )}
    </section>
  );
}
