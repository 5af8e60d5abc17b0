import { Link } from '../../../app/history';
import type { InterfaceKey } from '../../../i18n/keys';
import { useLocale, useT } from '../../../i18n/texts';
import type { Overview } from './overview-data';
import { href } from '../../../../../generated/routes';

type Attention = Overview['attention'];
interface Group {
  id: string;
  title: InterfaceKey;
  none: InterfaceKey;
  /** How the list is counted, where its rule is not plain from its title. */
  how?: InterfaceKey;
  count: number;
  items: { key: string; to: string; name: string; detail: string }[];
  all: string;
}

/**
 * "Needs your attention" (SPEC §1 "what programme managers see"): reports waiting for this manager's
 * approval, overdue follow-ups, corrective actions needing help and high-risk employees with nothing
 * done since their self-assessment,
 * each a count, the oldest few linked to where they are handled, and a link to the whole list; an
 * employee with several overdue follow-ups or actions is one line saying how many. On a
 * client manager's overview (/client-program-overview/:id) the employee links open their pages.
 */
export function AttentionPanel({ attention, clientId, clientManager }: { attention: Attention; clientId: number; clientManager: boolean }) {
  const t = useT();
  const locale = useLocale();
  const day = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
  const employee = (id: number) =>
    clientManager ? href('client_employee_view', { clientid: clientId, id }) : href('view_employee', { id });
  const groups: Group[] = [];
  if (attention.approvals)
    groups.push({
      id: 'approvals',
      title: 'staff.attention.approvals',
      none: 'staff.attention.approvals_none',
      count: attention.approvals.count,
      items: attention.approvals.items.map((r) => ({
        key: String(r.id),
        to: href('editclientreport', { url: r.id }),
        name: r.employee,
        detail: t('staff.attention.waiting_since', { date: day(r.since) }),
      })),
      all: href('report_approvals'),
    });
  if (attention.equipment_waiting)
    groups.push({
      id: 'equipment',
      title: 'equipment.attention.title',
      none: 'equipment.attention.none',
      count: attention.equipment_waiting.count,
      items: attention.equipment_waiting.items.map((r) => ({
        key: String(r.id),
        to: `${href('equipment_manage')}?request=${r.id}`,
        name: r.employee,
        detail: t('staff.attention.waiting_since', { date: day(r.since) }),
      })),
      all: `${href('equipment_manage')}?state=requested`,
    });
  groups.push({
    id: 'follow-ups',
    title: 'staff.attention.overdue_follow_ups',
    none: 'staff.attention.overdue_none',
    count: attention.overdue_follow_ups.count,
    items: attention.overdue_follow_ups.items.map((f) => ({
      key: f.id,
      to: employee(f.employee_id),
      name: f.employee,
      detail:
        f.count > 1
          ? t('staff.attention.follow_ups_due', { count: f.count.toLocaleString(locale), date: day(f.due_at) })
          : t('staff.attention.due_on', { date: day(f.due_at) }),
    })),
    all: clientManager ? href('client_followups', { id: clientId }) : href('follow_up_feedback'),
  });
  if (attention.actions_need_help)
    groups.push({
      id: 'actions',
      title: 'staff.attention.actions_need_help',
      none: 'staff.attention.actions_none',
      count: attention.actions_need_help.count,
      items: attention.actions_need_help.items.map((a) => ({
        key: String(a.id),
        to: employee(a.employee_id),
        name: a.employee,
        detail:
          a.count > 1
            ? t('staff.attention.actions_since', { count: a.count.toLocaleString(locale), date: day(a.since) })
            : t('staff.attention.waiting_since', { date: day(a.since) }),
      })),
      all: href('actions_waiting'),
    });
  groups.push({
    id: 'high-risk',
    title: 'staff.attention.high_risk',
    none: 'staff.attention.high_risk_none',
    // Something done: a request, a report, an action moved out of open or equipment asked for (migration 039).
    how: 'staff.attention.high_risk_how',
    count: attention.high_risk_unhandled.count,
    items: attention.high_risk_unhandled.items.map((h) => ({
      key: String(h.employee_id),
      to: employee(h.employee_id),
      name: h.employee,
      detail: t('staff.attention.assessed_on', { date: day(h.submitted_at) }),
    })),
    all: clientManager ? `${href('client_employee_search', { id: clientId })}?band=high` : `${href('employee_search')}?band=high`,
  });
  return (
    <section className="card attention-panel" aria-labelledby="attention-heading">
      <h2 id="attention-heading">{t('staff.attention.title')}</h2>
      {groups.map((g) => (
        <div key={g.id} className="attention-group" data-group={g.id}>
          <h3 id={`attention-${g.id}`}>
            {t(g.title)} <span className="attention-count">{g.count.toLocaleString(locale)}</span>
          </h3>
          {g.how && <p className="attention-how">{t(g.how)}</p>}
          {g.count === 0 ? (
            <p className="attention-none">{t(g.none)}</p>
          ) : (
            <>
              <ul aria-labelledby={`attention-${g.id}`}>
                {g.items.map((item) => (
                  <li key={item.key}>
                    <Link to={item.to}>{item.name}</Link> <span className="attention-detail">{item.detail}</span>
                  </li>
                ))}
              </ul>
              <Link className="attention-all" to={g.all}>
                {t('staff.attention.see_all', { count: g.count.toLocaleString(locale) })}
                <span className="visually-hidden"> {t('staff.for_label', { label: t(g.title) })}</span>
              </Link>
            </>
          )}
        </div>
      ))}
    </section>
  );
}
