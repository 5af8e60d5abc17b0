import { useEffect, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { call } from '../../api/typed';
import type { ApiCallName } from '../../../../generated/api';
import type { SessionUser } from '../../../shared/model';
import { callAllowed } from '../../session/can-call';
import type { InterfaceKey } from '../../i18n/keys';
import { useLocale, useT } from '../../i18n/texts';

interface FigureSource {
  /** The call that answers the figure (one row is enough where only the total counts). */
  readonly load: () => Promise<ApiResult<unknown>>;
  /** Whether the server will answer this administrator (so no call is made to be refused and audited). */
  readonly allowed: (user: SessionUser) => boolean;
  readonly count: (data: never) => number;
  /** The count's words (the grids' nouns, content/interface/). */
  readonly noun: [singular: InterfaceKey, plural: InterfaceKey];
}

/** The figure is read only when the server's gate lets this user make the call (src/shared/access.ts canCall). */
const may = (call: ApiCallName) => (user: SessionUser) => callAllowed(call, user, null);

/** Where each admin-center card (by its menu label) reads its live figure. */
const SOURCES: Readonly<Record<string, FigureSource>> = {
  'Users Role': {
    load: () => call('admin_roles', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_roles'),
    count: (d: { total: number }) => d.total,
    noun: ['grid.roles.noun_one', 'grid.roles.noun'],
  },
  Users: {
    load: () => call('admin_users_list', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_users_list'),
    count: (d: { total: number }) => d.total,
    noun: ['grid.users.noun_one', 'grid.users.noun'],
  },
  Clients: {
    load: () => call('admin_lookups', {}, { quiet: true }),
    allowed: may('admin_lookups'),
    count: (d: { clients: unknown[] }) => d.clients.length,
    noun: ['grid.clients.noun_one', 'grid.clients.noun'],
  },
  'Email Templates': {
    load: () => call('admin_email_templates', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_email_templates'),
    count: (d: { total: number }) => d.total,
    noun: ['grid.email_templates.noun_one', 'grid.email_templates.noun'],
  },
  'Audit Log': {
    load: () => call('admin_audit_log', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_audit_log'),
    count: (d: { total: number }) => d.total,
    noun: ['grid.audit_log.noun_one', 'grid.audit_log.noun'],
  },
};

/**
 * Live figures for the admin center's cards ("12 users"), all requested at once when the page opens,
 * for the cards shown and only where the administrator may read them; a figure that fails to load
 * is simply not shown.
 *
 * @example
 *   const figures = useAdminFigures(['Users', 'Audit Log'], user); // { Users: '12 users', ... } once loaded
 */
export function useAdminFigures(labels: readonly string[], user: SessionUser | null): Readonly<Record<string, string>> {
  const t = useT();
  const locale = useLocale();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const key = user ? labels.filter((label) => SOURCES[label]?.allowed(user)).join('\n') : '';
  useEffect(() => {
    let live = true;
    for (const label of key.split('\n')) {
      const source = SOURCES[label];
      if (!source) continue;
      source.load().then(
        ({ data }) => {
          const n = source.count(data as never);
          if (live) setCounts((current) => ({ ...current, [label]: n }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  // Worded when shown, so a language change rewords the figures at once.
  return Object.fromEntries(
    Object.entries(counts).map(([label, n]) => [
      label,
      t('grid.count', { count: n.toLocaleString(locale), noun: t(SOURCES[label]!.noun[n === 1 ? 0 : 1]) }),
    ]),
  );
}
