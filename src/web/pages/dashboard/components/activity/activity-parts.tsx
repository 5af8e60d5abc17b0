import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '../../../../app/history';
import type { ApiResponse } from '../../../../../../generated/api-types';
import { call } from '../../../../api/typed';
import type { ApiResult } from '../../../../api/client';
import './activity.css';
import { riskBand } from '../../../../components/reports/status-labels';
import { HTML_LANG } from '../../../../i18n/language';
import { fillNodes } from '../../../../i18n/fill';
import { currentLanguage, currentT, useT, type T } from '../../../../i18n/texts';
import { useWorkingClient } from '../../../../shell/working-client';
import { formatDay as writeDay } from '../../../../../shared/dates';

export interface ClientChoice {
  readonly id: number;
  readonly name: string;
}

/** The figures calls of the activity dashboards. */
export type FigureCall =
  | 'activity_clients'
  | 'activity_evaluations'
  | 'activity_follow_ups'
  | 'activity_self_assessments'
  | 'activity_training'
  | 'custom_search_clients';

/**
 * Each figures call, typed by its own name: indexed by a name `N`, the table answers
 * `ApiResponse<N>` as declared in manifest/api/activity.yaml (a call by a generic name could not be typed).
 */
const FIGURES: { readonly [N in FigureCall]: (query: Record<string, string>) => Promise<ApiResult<ApiResponse<N>>> } = {
  activity_clients: (query) => call('activity_clients', { query }, { quiet: true }),
  activity_evaluations: (query) => call('activity_evaluations', { query }, { quiet: true }),
  activity_follow_ups: (query) => call('activity_follow_ups', { query }, { quiet: true }),
  activity_self_assessments: (query) => call('activity_self_assessments', { query }, { quiet: true }),
  activity_training: (query) => call('activity_training', { query }, { quiet: true }),
  custom_search_clients: (query) => call('custom_search_clients', { query }, { quiet: true }),
};

/**
 * Loads one figures call with its query (`clientQuery`'s `?client_id=…` text) and answers its
 * declared reply (manifest/api/activity.yaml); `null` while loading, `'failed'` when it could not be read (or
 * names a client the reader may not see).
 */
export function useFigures<N extends FigureCall>(name: N, query = ''): ApiResponse<N> | null | 'failed' {
  const [data, setData] = useState<ApiResponse<N> | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    // A reload keeps the figures on screen (and the filters focused) until the new ones arrive.
    setData((old) => (old === 'failed' ? null : old));
    FIGURES[name](Object.fromEntries(new URLSearchParams(query))).then(
      ({ data: d }) => {
        if (live) setData(d);
      },
      () => {
        if (live) setData('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [name, query]);
  return data;
}

/** The page frame: one h1, then loading (role=status), error (role=alert) or the content of the figures read. */
export function ActivityFrame<T>({
  title,
  state,
  failure,
  children,
}: {
  title: string;
  state: T | null | 'failed';
  failure: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  return (
    <section className="report-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      {state === null ? (
        <p role="status">{t('staff.overview.loading')}</p>
      ) : state === 'failed' ? (
        <p role="alert">{failure}</p>
      ) : (
        children(state)
      )}
    </section>
  );
}

/** A figure, or "fewer than 5" when the server withheld it for a small group (SPEC §1). */
export const figure = (value: number | null | undefined, suffix = ''): string =>
  value === null || value === undefined ? currentT()('staff.fewer_than_5') : `${value}${suffix}`;

export function StatCards({ label, items }: { label: string; items: { label: string; value: string | number }[] }) {
  return (
    <ul className="activity-cards" aria-label={label}>
      {items.map((i) => (
        <li key={i.label}>
          <span className="value">{i.value}</span>
          <span className="label">{i.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** A figure table with a caption and column headers (the accessible form of a chart). */
export function FigureTable({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: string[];
  rows: (string | number | ReactNode)[][];
  empty: string;
}) {
  if (!rows.length) return <p>{empty}</p>;
  return (
    // A table wider than a phone scrolls in its box; a box holding no link must take the focus
    // itself, or a keyboard user cannot scroll it (WCAG 2.2 SC 2.1.1; axe scrollable-region-focusable).
    <div className="activity-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="report-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, j) => (
              <th key={h} scope="col" className={j ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={j} className="num">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The client the page is about, among those the reader may see. On a client manager page the
 * choice is the address (`basePath`/:id); elsewhere it is kept by the page (`onPick`).
 */
export function ClientPicker({
  clients,
  value,
  basePath,
  onPick,
}: {
  clients: readonly ClientChoice[];
  value: number;
  basePath?: string;
  onPick?: (id: number) => void;
}) {
  const navigate = useNavigate();
  const t = useT();
  // The header names the client chosen here (SPEC §2 client managers).
  useWorkingClient(clients.find((c) => c.id === value));
  if (clients.length < 2)
    return clients[0] ? <p>{fillNodes(t('staff.client_named'), { client: <strong>{clients[0].name}</strong> })}</p> : null;
  return (
    <div className="field activity-client">
      <label htmlFor="activity-client">{t('staff.client')}</label>
      <select
        id="activity-client"
        value={value}
        onChange={(e) => (basePath ? navigate(`${basePath}/${e.target.value}`) : onPick?.(Number(e.target.value)))}
      >
        {clients.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function formatDay(value: string | null | undefined): string {
  return value ? writeDay(value, HTML_LANG[currentLanguage()]) : '';
}

export const AREAS = ['office', 'home', 'anywhere', 'lab', 'travel'] as const;
export const BANDS = ['low', 'moderate', 'high'] as const;
/** A band as "Low risk", in the reader's language. */
export const bandTitle = (t: T, band: string) => {
  const name = riskBand(t, band);
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
};

/** `?client_id=` when a client was chosen, else nothing (the server's default client). */
export const clientQuery = (clientId: number | string | undefined | null, extra: Record<string, string> = {}): string => {
  const q = new URLSearchParams({
    ...(clientId ? { client_id: String(clientId) } : {}),
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v)),
  }).toString();
  return q ? `?${q}` : '';
};
