import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { ChartFigure } from '../../components/charts/chart-figure';
import { BodyMap, regionLabel } from '../../components/charts/body-map';
import { bandName } from '../../components/reports/report-labels';
import { useLanguage, useLocale, useT } from '../../i18n/texts';
import { inSentence } from '../../i18n/in-sentence';
import { monthName, monthlySummary, shown, type Drill, type Overview } from './components/overview-data';
import { OverviewFilters } from './components/overview-filters';
import { PipelineSection, RegionsTable } from './components/overview-sections';
import { HeadlineFigures } from './components/overview-headline';
import { AttentionPanel } from './components/overview-attention';
import { OutcomesPanel } from './components/overview-outcomes';
import { TrainingPanel } from './components/overview-training';
import { useLinkTarget } from '../../components/links/app-link';
import { href } from '../../../../generated/routes';
import '../../components/content/content.css';
import './components/superadmin.css';
import './components/overview.css';
import { useWorkingClient } from '../../shell/working-client';
import { useFindingLabels } from '../../components/assessment/finding-titles';

// The records behind a figure are a grid shown only once a figure is opened: it loads then, so the
// overview itself does not wait for it (page budgets, page-budgets.ts).
const OverviewDrill = lazy(() => import('./components/overview-drill').then((m) => ({ default: m.OverviewDrill })));

/**
 * SPEC §1 "what programme managers see", §2 /program-overview/:id? and /client-program-overview/:id?:
 * a client's participation, self-assessments per month since 2021 (SPEC §9), spread of results,
 * discomfort by body region, results by region, the evaluation pipeline against the 2–5 business-day
 * promise and follow-up outcomes, for a period and regions kept in the address (so a view can be
 * shared and reloaded). Every figure opens into the records behind it. Staff serving several
 * clients choose the client; the `:id` is the client.
 */
export default function ProgramOverview({ route, params }: PageProps) {
  const t = useT();
  // The panel is for readers who may open the training activity page (the same permission as its call).
  const seesTraining = useLinkTarget()(href('training_activity')) !== null;
  const locale = useLocale();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [drill, setDrill] = useState<Drill | null>(null);
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
    // Read back from the key, so that the figures are fetched again only when the query really changed.
    call('program_overview', { query: JSON.parse(key) as Record<string, string> }, { quiet: true })
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
            setError(e?.status === 404 ? 'not_found' : 'failed');
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

  // The drill's heading takes the focus when it shows (OverviewDrill), which may be after its chunk loads.
  const open = (d: Drill) => setDrill(d);
  // The header names the client shown (SPEC §2 client managers).
  useWorkingClient(data?.client);
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
      <h1 id="page-heading">{data ? t('staff.overview.title_client', { client: data.client.name }) : t('staff.overview.title')}</h1>
      {data && data.clients.length > 1 && (
        <div className="overview-client">
          <label htmlFor="overview-client">{t('staff.client')}</label>
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
          ? t('staff.overview.loading')
          : data
            ? t(data.period.regions.length ? 'staff.overview.figures_for_regions' : 'staff.overview.figures_for', {
                from: monthName(data.period.from_month),
                to: monthName(data.period.to_month),
                regions: data.period.regions.join(', '),
              })
            : ''}
      </p>
      {error && (
        <p role="alert" className="form-error">
          {t(error === 'not_found' ? 'staff.overview.not_found' : 'staff.overview.load_failed')}
        </p>
      )}
      {data && (
        <div className="overview-top">
          <HeadlineFigures headline={data.headline} part="first" />
          <AttentionPanel attention={data.attention} clientId={data.client.id} clientManager={base.includes('client-program-overview')} />
          <HeadlineFigures headline={data.headline} part="rest" />
        </div>
      )}
      {/* What the actions changed (docs/product.md "Outcomes"), fetched beside the overview for the same query. */}
      {!error && <OutcomesPanel query={key} />}
      {/* Training completion (docs/product.md "Training: the programme manager's figures"), for readers who may see it. */}
      {!error && seesTraining && <TrainingPanel query={key} />}
      {data &&
        (data.self_assessments === 0 && data.monthly.every((m) => m.count === 0) ? (
          <div className="card overview-empty">
            <h2>{t('staff.overview.empty_title')}</h2>
            <p>
              {t(data.period.regions.length ? 'staff.overview.empty_text_regions' : 'staff.overview.empty_text', {
                client: data.client.name,
                count: data.eligible.toLocaleString(locale),
              })}
            </p>
          </div>
        ) : (
          <Figures data={data} open={open} />
        ))}
      {drill && data && (
        <Suspense fallback={<p role="status">{t('shell.loading_page')}</p>}>
          <OverviewDrill drill={drill} filters={filters} onClose={() => setDrill(null)} />
        </Suspense>
      )}
    </section>
  );
}

function Card({ label, value, detail, onOpen }: { label: string; value: string; detail?: string; onOpen?: () => void }) {
  const t = useT();
  return (
    <div className="card health-stat overview-card">
      <p className="health-value">{value}</p>
      <p className="health-label">{label}</p>
      {detail && <p className="health-detail">{detail}</p>}
      {onOpen && (
        <button type="button" className="link-button" onClick={onOpen}>
          {t('staff.chart.list_records')}
          <span className="visually-hidden"> {t('staff.for_label', { label })}</span>
        </button>
      )}
    </div>
  );
}

function Figures({ data, open }: { data: Overview; open: (d: Drill) => void }) {
  const t = useT();
  const locale = useLocale();
  const language = useLanguage();
  const bands = data.bands;
  const findings = data.top_findings;
  // Findings come as ids and read in the reader's language, as the employee's own report words them.
  const finding = useFindingLabels();
  const reported = data.body.filter((b) => b.share !== null && b.share > 0).sort((a, b) => b.share! - a.share!);
  return (
    <>
      <section aria-labelledby="overview-participation">
        <h2 id="overview-participation">{t('staff.overview.participation')}</h2>
        <div className="card-grid health-grid">
          <Card
            label={t('staff.overview.eligible_employees')}
            value={data.eligible.toLocaleString(locale)}
            detail={t('staff.overview.eligible_detail')}
          />
          <Card
            label={t('staff.overview.took_assessment')}
            value={shown(data.participation_share, '%')}
            detail={t('staff.overview.employees_in_period', { count: shown(data.participants) })}
            onOpen={() => open({ kind: 'all', value: '', label: t('staff.overview.drill_all') })}
          />
          <Card
            label={t('staff.overview.assessments_in_period')}
            value={shown(data.self_assessments)}
            onOpen={() => open({ kind: 'all', value: '', label: t('staff.overview.drill_all') })}
          />
        </div>
        <ChartFigure
          title={t('staff.overview.per_month')}
          summary={monthlySummary(data.monthly)}
          kind="bar"
          labelHeader={t('staff.overview.month')}
          labels={data.monthly.map((m) => monthName(m.month))}
          series={[{ label: t('staff.overview.self_assessments'), values: data.monthly.map((m) => m.count) }]}
          onOpen={(i) =>
            open({
              kind: 'month',
              value: data.monthly[i].month,
              label: t('staff.overview.drill_month', { month: monthName(data.monthly[i].month) }),
            })
          }
        />
      </section>
      <section aria-labelledby="overview-results">
        <h2 id="overview-results">{t('staff.overview.results')}</h2>
        <div className="card-grid health-grid">
          <Card
            label={t('staff.overview.action_needed')}
            value={shown(data.action_share, '%')}
            detail={t('staff.overview.rosa_detail')}
            onOpen={() => open({ kind: 'action', value: '', label: t('staff.overview.drill_action') })}
          />
          <Card label={t('staff.overview.mean_score_10')} value={shown(data.mean_score)} />
        </div>
        {bands ? (
          <ChartFigure
            title={t('staff.overview.by_band')}
            kind="bar"
            labelHeader={t('staff.overview.risk_band')}
            labels={[t('staff.overview.band_low'), t('staff.overview.band_moderate'), t('staff.overview.band_high')]}
            summary={t('staff.overview.bands_summary', { low: bands.low, moderate: bands.moderate, high: bands.high })}
            series={[{ label: t('staff.overview.self_assessments'), values: [bands.low, bands.moderate, bands.high] }]}
            onOpen={(i) => {
              const band = (['low', 'moderate', 'high'] as const)[i];
              open({ kind: 'band', value: band, label: t('staff.overview.drill_band', { band: bandName(t, band) }) });
            }}
          />
        ) : (
          <p>{t('staff.overview.bands_hidden')}</p>
        )}
        {findings && findings.length > 0 && finding && (
          <ChartFigure
            title={t('staff.overview.top_findings')}
            kind="bar"
            horizontal
            labelHeader={t('staff.overview.finding')}
            labels={findings.map((f) => finding(f.id))}
            format={(v) => `${v}%`}
            summary={t('staff.overview.findings_summary', { title: finding(findings[0].id), share: findings[0].share })}
            series={[{ label: t('staff.overview.findings_share'), values: findings.map((f) => f.share) }]}
            onOpen={(i) =>
              open({ kind: 'finding', value: findings[i].id, label: t('staff.overview.drill_finding', { title: finding(findings[i].id) }) })
            }
          />
        )}
      </section>
      <section aria-labelledby="overview-body">
        <h2 id="overview-body">{t('staff.overview.body_title')}</h2>
        <BodyMap
          title={t('staff.overview.body_map')}
          regions={data.body}
          summary={
            reported.length
              ? t('staff.overview.body_summary', {
                  regions: reported
                    .slice(0, 3)
                    .map((r) => `${inSentence(regionLabel(r.region), language)} (${r.share}%)`)
                    .join(', '),
                })
              : t('staff.overview.body_none')
          }
          onOpen={(region) =>
            open({
              kind: 'body',
              value: region,
              label: t('staff.overview.drill_body', { region: inSentence(regionLabel(region), language) }),
            })
          }
        />
      </section>
      <RegionsTable regions={data.regions} open={open} />
      <PipelineSection pipeline={data.pipeline} followUps={data.follow_ups} open={open} />
    </>
  );
}
