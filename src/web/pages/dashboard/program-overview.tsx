import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { ChartFigure } from '../../components/charts/chart-figure';
import { BodyMap, regionLabel } from '../../components/charts/body-map';
import { monthName, monthlySummary, shown, type Drill, type Overview } from './components/overview-data';
import { OverviewDrill } from './components/overview-drill';
import { OverviewFilters } from './components/overview-filters';
import { PipelineSection, RegionsTable } from './components/overview-sections';
import '../../components/content/content.css';
import './components/superadmin.css';
import './components/overview.css';

/**
 * SPEC §1 "what programme managers see", §2 /program-overview/:id? and /client-program-overview/:id?:
 * a client's participation, self-assessments per month since 2021 (SPEC §9), spread of results,
 * discomfort by body region, results by region, the evaluation pipeline against the 2–5 business-day
 * promise and follow-up outcomes, for a period and regions kept in the address (so a view can be
 * shared and reloaded). Every figure opens into the records behind it. Staff serving several
 * clients choose the client; the `:id` is the client.
 */
export default function ProgramOverview({ route, params }: PageProps) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [drill, setDrill] = useState<Drill | null>(null);
  const drillHeading = useRef(false);
  const base = route.path.replace(/\/:id\?$/, '');
  const query = useMemo(() => {
    const q: Record<string, string> = {};
    if (params.id) q.client_id = params.id;
    for (const k of ['from_month', 'to_month', 'region']) {
      const v = search.get(k);
      if (v) q[k] = v;
    }
    return q;
  }, [params.id, search]);
  const key = JSON.stringify(query);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setDrill(null);
    call('program_overview', { query }, { quiet: true })
      .then(
        ({ data: d }) => {
          if (live) {
            setData(d);
            setError(null);
          }
        },
        (e: { status?: number }) => {
          if (live) {
            setData(null);
            setError(
              e?.status === 404
                ? 'This client was not found, or it is not one of yours.'
                : 'The figures could not be loaded. Check your connection and reload the page.',
            );
          }
        },
      )
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [key]);

  useEffect(() => {
    if (drill && drillHeading.current) document.getElementById('overview-drill-heading')?.focus();
    drillHeading.current = Boolean(drill);
  }, [drill]);

  const open = (d: Drill) => {
    drillHeading.current = true;
    setDrill(d);
  };
  const filters = data
    ? {
        client_id: String(data.client.id),
        from_month: data.period.from_month,
        to_month: data.period.to_month,
        ...(data.period.regions.length ? { region: data.period.regions.join(',') } : {}),
      }
    : {};

  return (
    <section className="admin-page superadmin-page overview-page" aria-labelledby="page-heading" aria-busy={loading}>
      <h1 id="page-heading">Program Overview{data ? `: ${data.client.name}` : ''}</h1>
      {data && data.clients.length > 1 && (
        <div className="overview-client">
          <label htmlFor="overview-client">Client</label>
          <select id="overview-client" value={data.client.id} onChange={(e) => navigate(`${base}/${e.target.value}?${search}`)}>
            {data.clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {data && <OverviewFilters period={data.period} regions={data.client.regions} onApply={(next) => setSearch(next)} />}
      <p role="status" className="overview-status">
        {loading
          ? 'Loading the figures…'
          : data
            ? `Figures for ${monthName(data.period.from_month)} to ${monthName(data.period.to_month)}${data.period.regions.length ? `, ${data.period.regions.join(', ')}` : ', all regions'}.`
            : ''}
      </p>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {data &&
        (data.self_assessments === 0 && data.monthly.every((m) => m.count === 0) ? (
          <div className="card overview-empty">
            <h2>No self-assessments yet</h2>
            <p>
              Nobody at {data.client.name} has submitted a self-assessment{data.period.regions.length ? ' in these regions' : ''}. Figures
              appear here as soon as employees take one; {data.eligible.toLocaleString('en')} employees can.
            </p>
          </div>
        ) : (
          <Figures data={data} open={open} />
        ))}
      {drill && data && <OverviewDrill drill={drill} filters={filters} onClose={() => setDrill(null)} />}
    </section>
  );
}

function Card({ label, value, detail, onOpen }: { label: string; value: string; detail?: string; onOpen?: () => void }) {
  return (
    <div className="card health-stat overview-card">
      <p className="health-value">{value}</p>
      <p className="health-label">{label}</p>
      {detail && <p className="health-detail">{detail}</p>}
      {onOpen && (
        <button type="button" className="link-button" onClick={onOpen}>
          List records<span className="visually-hidden"> for {label}</span>
        </button>
      )}
    </div>
  );
}

function Figures({ data, open }: { data: Overview; open: (d: Drill) => void }) {
  const bands = data.bands;
  const findings = data.top_findings;
  const reported = data.body.filter((b) => b.share !== null && b.share > 0).sort((a, b) => b.share! - a.share!);
  return (
    <>
      <section aria-labelledby="overview-participation">
        <h2 id="overview-participation">Participation</h2>
        <div className="card-grid health-grid">
          <Card label="Eligible employees" value={data.eligible.toLocaleString('en')} detail="Active accounts with the employee site." />
          <Card
            label="Took a self-assessment"
            value={shown(data.participation_share, '%')}
            detail={`${shown(data.participants)} employees in the period.`}
            onOpen={() => open({ kind: 'all', value: '', label: 'every self-assessment in the period' })}
          />
          <Card
            label="Self-assessments in the period"
            value={data.self_assessments.toLocaleString('en')}
            onOpen={() => open({ kind: 'all', value: '', label: 'every self-assessment in the period' })}
          />
        </div>
        <ChartFigure
          title="Self-assessments per month"
          summary={monthlySummary(data.monthly)}
          kind="bar"
          labelHeader="Month"
          labels={data.monthly.map((m) => monthName(m.month))}
          series={[{ label: 'Self-assessments', values: data.monthly.map((m) => m.count) }]}
          onOpen={(i) =>
            open({ kind: 'month', value: data.monthly[i].month, label: `self-assessments of ${monthName(data.monthly[i].month)}` })
          }
        />
      </section>
      <section aria-labelledby="overview-results">
        <h2 id="overview-results">Results</h2>
        <div className="card-grid health-grid">
          <Card
            label="Scored 5 or more (action needed)"
            value={shown(data.action_share, '%')}
            detail="ROSA 5 of 10 or above calls for change."
            onOpen={() => open({ kind: 'action', value: '', label: 'self-assessments scoring 5 or more' })}
          />
          <Card label="Mean score (1–10)" value={shown(data.mean_score)} />
        </div>
        {bands ? (
          <ChartFigure
            title="Results by risk band"
            kind="bar"
            labelHeader="Risk band"
            labels={['Low', 'Moderate', 'High']}
            summary={`${bands.low} low, ${bands.moderate} moderate and ${bands.high} high-risk results in the period.`}
            series={[{ label: 'Self-assessments', values: [bands.low, bands.moderate, bands.high] }]}
            onOpen={(i) => {
              const band = (['low', 'moderate', 'high'] as const)[i];
              open({ kind: 'band', value: band, label: `${band}-risk self-assessments` });
            }}
          />
        ) : (
          <p>Risk bands: fewer than 5 employees in the period.</p>
        )}
        {findings && findings.length > 0 && (
          <ChartFigure
            title="Findings raised most often"
            kind="bar"
            horizontal
            labelHeader="Finding"
            labels={findings.map((f) => f.title)}
            format={(v) => `${v}%`}
            summary={`The most frequent finding, "${findings[0].title}", was raised in ${findings[0].share}% of self-assessments.`}
            series={[{ label: 'Share of self-assessments (%)', values: findings.map((f) => f.share) }]}
            onOpen={(i) => open({ kind: 'finding', value: findings[i].id, label: `self-assessments raising "${findings[i].title}"` })}
          />
        )}
      </section>
      <section aria-labelledby="overview-body">
        <h2 id="overview-body">Discomfort by body region</h2>
        <BodyMap
          title="Where employees report discomfort"
          regions={data.body}
          summary={
            reported.length
              ? `Discomfort is reported most at the ${reported
                  .slice(0, 3)
                  .map((r) => `${regionLabel(r.region).toLowerCase()} (${r.share}%)`)
                  .join(', ')}.`
              : 'No region has discomfort reported by 5 or more employees.'
          }
          onOpen={(region) =>
            open({ kind: 'body', value: region, label: `self-assessments reporting ${regionLabel(region).toLowerCase()} discomfort` })
          }
        />
      </section>
      <RegionsTable regions={data.regions} open={open} />
      <PipelineSection pipeline={data.pipeline} followUps={data.follow_ups} open={open} />
    </>
  );
}
