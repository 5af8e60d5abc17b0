import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiResponse } from '../../../../generated/api-types';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import './components/admin.css';

type Data = ApiResponse<'admin_staff_assignments'>;
type Assignment = Data['assignments'][number];

/**
 * Staff assignments (ARCHITECTURE.md "Who sees which client"; SPEC §6 users-edit / clients-edit):
 * which clients each evaluator and client manager serves. They see only the evaluation requests,
 * reports and employees of the clients assigned here. Every change is audited by the server.
 */
export default function StaffAssignments(_props: PageProps) {
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [userId, setUserId] = useState('');
  const [clientId, setClientId] = useState('');
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const reload = useCallback(
    () =>
      call('admin_staff_assignments').then(
        ({ data: d }) => {
          setData(d);
          setFailed(false);
        },
        () => setFailed(true),
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const assign = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!userId || !clientId) return;
    setBusy(true);
    try {
      const result = await call('admin_staff_assign', { body: { user_id: Number(userId), client_id: Number(clientId) } });
      setMessage(result.message ?? 'Assigned.');
      setUserId('');
      setClientId('');
      setTouched(false);
      await reload();
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  const remove = async (a: Assignment) => {
    if (!window.confirm(`Remove ${a.email} from ${a.company_name}? They will no longer see its requests, reports or employees.`)) return;
    setBusy(true);
    try {
      const result = await call('admin_staff_unassign', { body: { user_id: a.user_id, client_id: a.client_id } });
      setMessage(result.message ?? 'Removed.');
      await reload();
    } catch {
      /* the API client shows the server's message */
    } finally {
      setBusy(false);
    }
  };

  if (failed)
    return (
      <section className="admin-page">
        <h1>Staff Assignments</h1>
        <p role="alert">The assignments could not be loaded. Please try again.</p>
      </section>
    );
  if (!data)
    return (
      <section className="admin-page">
        <h1>Staff Assignments</h1>
        <p role="status">Loading the assignments…</p>
      </section>
    );
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? data.assignments.filter((a) => `${a.email} ${a.first_name} ${a.last_name} ${a.company_name}`.toLowerCase().includes(needle))
    : data.assignments;
  return (
    <section className="admin-page admin-form" aria-labelledby="page-heading">
      <h1 id="page-heading">Staff Assignments</h1>
      <p>Evaluators and client managers see only the clients assigned to them: their evaluation requests, reports and employees.</p>
      <p role="status" aria-live="polite">
        {message}
      </p>
      <form onSubmit={assign} noValidate aria-labelledby="assign-heading">
        <h2 id="assign-heading">Assign someone to a client</h2>
        <div className="field">
          <label htmlFor="assign-user">Evaluator or client manager</label>
          <select
            id="assign-user"
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            aria-invalid={touched && !userId}
            aria-describedby={touched && !userId ? 'assign-user-error' : undefined}
          >
            <option value="">Choose a person</option>
            {data.staff.map((p) => (
              <option key={p.id} value={p.id}>
                {p.first_name} {p.last_name} ({p.email}, {p.role})
              </option>
            ))}
          </select>
          {touched && !userId && (
            <p id="assign-user-error" className="field-error">
              Please choose a person.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="assign-client">Client</label>
          <select
            id="assign-client"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            aria-invalid={touched && !clientId}
            aria-describedby={touched && !clientId ? 'assign-client-error' : undefined}
          >
            <option value="">Choose a client</option>
            {data.clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company_name}
              </option>
            ))}
          </select>
          {touched && !clientId && (
            <p id="assign-client-error" className="field-error">
              Please choose a client.
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          Assign
        </button>
      </form>
      <h2 id="current-heading">Current assignments</h2>
      <div className="field">
        <label htmlFor="assign-filter">Filter by name, e-mail or client</label>
        <input id="assign-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {shown.length === 0 ? (
        <p>{data.assignments.length ? 'No assignment matches the filter.' : 'Nobody is assigned to a client yet.'}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="current-heading" tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Who serves which client</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((a) => (
                <tr key={`${a.user_id}-${a.client_id}`}>
                  <td>{a.company_name}</td>
                  <td>
                    {a.first_name} {a.last_name}
                    <br />
                    {a.email}
                  </td>
                  <td>{a.role}</td>
                  <td>{new Date(a.assigned_at).toLocaleDateString()}</td>
                  <td>
                    <button
                      type="button"
                      className="button secondary"
                      disabled={busy}
                      onClick={() => void remove(a)}
                      aria-label={`Remove ${a.email} from ${a.company_name}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
