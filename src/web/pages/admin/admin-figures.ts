import { useEffect, useState } from 'react';
import type { ApiResult } from '../../api/client';
import { call } from '../../api/typed';
import type { ApiCallName } from '../../../../generated/api';
import type { SessionUser } from '../../../shared/model';
import { callAllowed } from '../../session/can-call';

interface FigureSource {
  /** The call that answers the figure (one row is enough where only the total counts). */
  readonly load: () => Promise<ApiResult<unknown>>;
  /** Whether the server will answer this administrator (so no call is made to be refused and audited). */
  readonly allowed: (user: SessionUser) => boolean;
  readonly count: (data: never) => number;
  readonly noun: [singular: string, plural: string];
}

/** The figure is read only when the server's gate lets this user make the call (src/shared/access.ts canCall). */
const may = (call: ApiCallName) => (user: SessionUser) => callAllowed(call, user, null);

/** Where each admin-center card (by its menu label) reads its live figure. */
const SOURCES: Readonly<Record<string, FigureSource>> = {
  'Users Role': {
    load: () => call('admin_roles', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_roles'),
    count: (d: { total: number }) => d.total,
    noun: ['role', 'roles'],
  },
  Users: {
    load: () => call('admin_users_list', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_users_list'),
    count: (d: { total: number }) => d.total,
    noun: ['user', 'users'],
  },
  Clients: {
    load: () => call('admin_lookups', {}, { quiet: true }),
    allowed: may('admin_lookups'),
    count: (d: { clients: unknown[] }) => d.clients.length,
    noun: ['client', 'clients'],
  },
  'Email Templates': {
    load: () => call('admin_email_templates', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_email_templates'),
    count: (d: { total: number }) => d.total,
    noun: ['template', 'templates'],
  },
  'Audit Log': {
    load: () => call('admin_audit_log', { query: { size: 1 } }, { quiet: true }),
    allowed: may('admin_audit_log'),
    count: (d: { total: number }) => d.total,
    noun: ['entry', 'entries'],
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
  const [figures, setFigures] = useState<Record<string, string>>({});
  const key = user ? labels.filter((label) => SOURCES[label]?.allowed(user)).join('\n') : '';
  useEffect(() => {
    let live = true;
    for (const label of key.split('\n')) {
      const source = SOURCES[label];
      if (!source) continue;
      source.load().then(
        ({ data }) => {
          const n = source.count(data as never);
          if (live) setFigures((current) => ({ ...current, [label]: `${n.toLocaleString('en')} ${source.noun[n === 1 ? 0 : 1]}` }));
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return figures;
}
