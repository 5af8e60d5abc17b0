import type { ReactNode } from 'react';
import type { Finding } from '../../../../shared/assessment/types';
import { TOP_ACTIONS } from '../../../../shared/assessment/part-wording';
import type { PageText } from '../../../components/assessment/page-text';
import { useLinkTarget } from '../../../components/links/app-link';
import { Link } from '../../../app/history';
import { GuidePicture } from '../../../components/content/guide-picture';

const SEVERITIES = ['high', 'moderate', 'low'] as const;
/** What the page shows under a finding besides its words and links (the employee's equipment offers). */
type Extra = (finding: Finding) => ReactNode;

/** One finding: its words, its priority and the guides and equipment it recommends (only those the reader can open). */
function FindingCard({ finding, t, level, after }: { finding: Finding; t: PageText; level: 3 | 4; after?: Extra }) {
  const target = useLinkTarget();
  const Heading = level === 3 ? 'h3' : 'h4';
  const links = finding.links.map((l) => ({ ...l, to: l.href.startsWith('/') ? target(l.href) : l.href })).filter((l) => l.to !== null);
  return (
    <section className={`finding severity-${finding.severity}`} aria-label={finding.title}>
      <Heading>
        {finding.title} <span className="muted">({t(`ui.severity.${finding.severity}`)})</span>
      </Heading>
      <p>{finding.recommendation}</p>
      {links.length > 0 && (
        <ul>
          {links.map((l) => (
            <li key={l.href}>
              {l.to!.startsWith('/') ? (
                <Link to={l.to!}>
                  <GuidePicture href={l.href} />
                  {l.label}
                </Link>
              ) : (
                <a href={l.to!} rel="noopener noreferrer">
                  {l.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {after?.(finding)}
    </section>
  );
}

/**
 * The findings of a report, easiest first to act on: the three most important in full, then the
 * others grouped by priority in native disclosure widgets (<details>/<summary>: keyboard operable
 * and announced by screen readers without scripting), so a long report stays short to scan.
 */
export function FindingsList({ findings, t, after }: { findings: readonly Finding[]; t: PageText; after?: Extra }) {
  if (findings.length === 0)
    return (
      <>
        <h2>{t('ui.report.findings')}</h2>
        <p>{t('ui.report.no_findings')}</p>
      </>
    );
  const top = findings.slice(0, TOP_ACTIONS);
  const rest = findings.slice(TOP_ACTIONS);
  return (
    <>
      <section aria-labelledby="top-actions-heading" className="top-actions">
        <h2 id="top-actions-heading">{t('ui.report.top_actions')}</h2>
        {rest.length > 0 && <p className="muted">{t('ui.report.top_actions_intro')}</p>}
        <ol className="top-actions-list">
          {top.map((f) => (
            <li key={f.id}>
              <FindingCard finding={f} t={t} level={3} after={after} />
            </li>
          ))}
        </ol>
      </section>
      {rest.length > 0 && (
        <section aria-labelledby="findings-heading">
          <h2 id="findings-heading">{t('ui.report.findings')}</h2>
          {SEVERITIES.map((severity) => {
            const group = rest.filter((f) => f.severity === severity);
            return group.length === 0 ? null : (
              <details key={severity} className={`finding-group severity-${severity}`}>
                <summary>
                  <h3>{t(`ui.report.group.${severity}`, { count: group.length })}</h3>
                </summary>
                {group.map((f) => (
                  <FindingCard key={f.id} finding={f} t={t} level={4} after={after} />
                ))}
              </details>
            );
          })}
        </section>
      )}
    </>
  );
}
