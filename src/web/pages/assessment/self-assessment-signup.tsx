import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { apiGet, apiPost } from '../../api/client';
import { AREA_NAMES, formatDate } from '../reports/components/report-labels';
import './components/assessment.css';

interface Overview {
  areas: string[];
  in_progress: { id: string; area: string; updated_at: string; sections_done: string[] }[];
  submitted: { area: string; submitted_at: string; url: string; overall: { score: number; max: number; band: string } }[];
}

const AREA_HINTS: Record<string, string> = {
  office: 'A desk at your employer’s premises.', home: 'Working from home.', anywhere: 'Hybrid work, cafés, hot desks and shared spaces.',
  lab: 'Benches, pipetting, microscopes and hoods.', travel: 'Working on trains, planes and in hotels.',
};

/**
 * SPEC §2 /user/self_assessment_signup: choose the work area, see earlier attempts, continue an
 * unfinished one or start again, optionally from the previous answers (SPEC §1: unlimited attempts).
 */
export default function SelfAssessmentSignupPage(_props: PageProps) {
  const navigate = useNavigate();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [area, setArea] = useState('office');
  const [fromPrevious, setFromPrevious] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => { apiGet<Overview>('/self-assessment').then(({ data }) => setOverview(data), () => setOverview({ areas: [], in_progress: [], submitted: [] })); }, []);

  const hasPrevious = overview?.submitted.some((s) => s.area === area) ?? false;
  const start = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await apiPost<{ attempt: { id: string } }>('/self-assessment/attempts', { area, from_previous: hasPrevious && fromPrevious });
      navigate(`/user/self_assessment?attempt=${data.attempt.id}`);
    } catch { setBusy(false); }
  };

  if (!overview) return <section className="assessment-page"><p role="status">Loading…</p></section>;
  return (
    <section className="assessment-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Take a self-assessment</h1>
      <p>About ten minutes. Your report, with scores and recommendations, is ready the moment you submit, and you can take it as often as you like.</p>
      {overview.in_progress.length > 0 && (
        <div className="panel">
          <h2>Continue where you left off</h2>
          <ul className="attempt-list">{overview.in_progress.map((a) => (
            <li key={a.id}><Link to={`/user/self_assessment?attempt=${a.id}`}>Continue your {AREA_NAMES[a.area] ?? a.area} self-assessment</Link> <span className="muted">(saved {formatDate(a.updated_at)})</span></li>
          ))}</ul>
        </div>
      )}
      <form onSubmit={start}>
        <fieldset className="area-choices">
          <legend><h2>Where do you work?</h2></legend>
          {overview.areas.map((a) => (
            <label key={a}><input type="radio" name="area" value={a} checked={area === a} onChange={() => setArea(a)} /> <strong>{AREA_NAMES[a] ?? a}</strong><br /><span className="muted">{AREA_HINTS[a]}</span></label>
          ))}
        </fieldset>
        {hasPrevious && (
          <p><label><input type="checkbox" checked={fromPrevious} onChange={(e) => setFromPrevious(e.target.checked)} /> Start from my previous answers</label></p>
        )}
        <button type="submit" className="button" disabled={busy}>{busy ? 'Starting…' : 'Start the self-assessment'}</button>
      </form>
      <h2>Your previous self-assessments</h2>
      {overview.submitted.length === 0 ? <p>You have not taken a self-assessment yet.</p> : (
        <ul className="attempt-list">{overview.submitted.map((s) => (
          <li key={s.url}><Link to={`/user/my-reports/viewreport/${s.url}`}>{AREA_NAMES[s.area] ?? s.area}, {formatDate(s.submitted_at)}</Link>: {s.overall.score} out of {s.overall.max} ({s.overall.band} risk)</li>
        ))}</ul>
      )}
    </section>
  );
}
