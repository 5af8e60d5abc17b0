import { useCallback, useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiResponse } from '../../../../generated/api-types';
import { actionWorkflow, type ActionState } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import {
  ACTION_NOTE_MAX,
  actionStateKey,
  actionTransition,
  actionTransitionKey,
  type OwnerTransition,
} from '../../../shared/actions/action-rules';
import { AppLink } from '../../components/links/app-link';
import { formatDate } from '../../components/reports/report-labels';
import { useLanguage, useLocale, useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';
import './components/my-actions.css';
import { EquipmentOffers, offersFor, type Offer } from '../../components/equipment/equipment-offers';
import { useCanCall } from '../../session/can-call';

type Action = ApiResponse<'my_actions_list'>['rows'][number];
type Show = 'live' | 'all';
const PAGE = 20;

/**
 * The employee's corrective actions (SPEC §1 "from finding to fixed"): each finding of their
 * self-assessments and each recommendation of their evaluation reports, with its due date and state.
 * An open one is marked done, not possible or needing help (the last two with a note saying why);
 * the server refuses any move the workflow (manifest/workflows/action.yaml) does not allow.
 */
export default function MyActionsPage(_props: PageProps) {
  const t = useT();
  const locale = useLocale();
  const [show, setShow] = useState<Show>('live');
  const [rows, setRows] = useState<Action[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [offers, setOffers] = useState<Offer[]>([]);
  const mayRequest = useCanCall('equipment_offers');
  const language = useLanguage();

  const load = useCallback(
    async (start: number) => {
      try {
        const { data } = await call('my_actions_list', {
          query: { start: String(start), size: String(PAGE), ...(show === 'live' ? { state: 'live' } : {}) },
        });
        setRows((before) => (start === 0 ? data.rows : [...(before ?? []), ...data.rows]));
        setTotal(data.total);
        setFailed(false);
      } catch {
        setFailed(true);
      }
    },
    [show],
  );
  useEffect(() => {
    setRows(null);
    void load(0);
  }, [load]);
  // The catalogue items answering the open actions on the page (docs/product.md "Equipment"), in one call.
  const keys = [...new Set((rows ?? []).filter((a) => a.state === 'open').map((a) => a.finding_key))].slice(0, 50).join(',');
  useEffect(() => {
    if (!mayRequest || !keys) return;
    call('equipment_offers', { query: { keys, lang: language } }, { quiet: true })
      .then(({ data }) => setOffers(data.items))
      .catch(() => setOffers([]));
  }, [mayRequest, keys, language]);

  const replace = (id: number, changed: Partial<Action>) =>
    setRows((all) => all?.map((a) => (a.id === id ? { ...a, ...changed } : a)) ?? null);

  return (
    <section className="my-actions" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('actions.title')}</h1>
      <p>{t('actions.intro')}</p>
      <div className="my-actions-show" role="group" aria-label={t('actions.show')}>
        {(['live', 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`button${show === s ? '' : ' secondary'}`}
            aria-pressed={show === s}
            onClick={() => setShow(s)}
          >
            {t(s === 'live' ? 'actions.show_live' : 'actions.show_all')}
          </button>
        ))}
      </div>
      {failed && <p role="alert">{t('actions.load_failed')}</p>}
      {rows === null && !failed && <p role="status">{t('actions.loading')}</p>}
      {rows !== null && rows.length === 0 && (
        <div className="my-actions-empty">
          <p>{t(show === 'live' ? 'actions.empty_live' : 'actions.empty')}</p>
          <p>
            <AppLink to={href('self_assessment')}>{t('actions.take_assessment')}</AppLink>
          </p>
        </div>
      )}
      {rows !== null && rows.length > 0 && (
        <ul className="my-actions-list">
          {rows.map((a) => (
            <ActionCard
              key={a.id}
              action={a}
              locale={locale}
              offers={a.state === 'open' ? offersFor(offers, a.finding_key) : []}
              onMoved={(changed) => replace(a.id, changed)}
              reload={() => void load(0)}
            />
          ))}
        </ul>
      )}
      {rows !== null && rows.length < total && (
        <button type="button" className="button secondary" onClick={() => void load(rows.length)}>
          {t('actions.more', { count: String(total - rows.length) })}
        </button>
      )}
    </section>
  );
}

function ActionCard({
  action: a,
  locale,
  offers,
  onMoved,
  reload,
}: {
  action: Action;
  locale: string;
  offers: readonly Offer[];
  onMoved: (changed: Partial<Action>) => void;
  reload: () => void;
}) {
  const t = useT();
  const [asking, setAsking] = useState<OwnerTransition | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = stateOf(actionWorkflow, a.state);
  const needsNote = asking !== null && actionTransition(asking).requires.includes('reason');
  const noteMissing = needsNote && !note.trim();

  const move = async (transition: OwnerTransition, withNote: string) => {
    setBusy(true);
    try {
      const { data } = await call('my_action_move', {
        params: { id: String(a.id) },
        body: { transition, ...(withNote.trim() ? { note: withNote.trim() } : {}) },
      });
      onMoved({ state: data.state, updated_at: data.updated_at, note: withNote.trim() || null, overdue: false });
      setAsking(null);
    } catch {
      // Moved on in another tab (409) or gone: the server's message is shown; show where it stands now.
      reload();
    } finally {
      setBusy(false);
    }
  };

  const headingId = `action-${a.id}-title`;
  return (
    <li className="my-action" aria-labelledby={headingId}>
      <div className="my-action-head">
        <h2 id={headingId}>{a.title}</h2>
        <span className="status status-workflow" style={state ? { color: state.colour } : undefined}>
          {t(actionStateKey(a.state as ActionState))}
        </span>
      </div>
      {a.detail && <p>{a.detail}</p>}
      <dl className="my-action-facts">
        <div>
          <dt>{t('actions.priority')}</dt>
          <dd className={`my-action-priority priority-${a.priority}`}>{t(`actions.priority.${a.priority}`)}</dd>
        </div>
        <div>
          <dt>{t('actions.due')}</dt>
          <dd className={a.overdue ? 'my-action-overdue' : undefined}>
            {formatDate(a.due_at, locale)}
            {a.overdue && ` · ${t('actions.overdue')}`}
          </dd>
        </div>
        <div>
          <dt>{t('actions.from')}</dt>
          <dd>{t(a.source === 'evaluation' ? 'actions.from_evaluation' : 'actions.from_self_assessment')}</dd>
        </div>
      </dl>
      {a.note && (
        <p className="my-action-note">
          <strong>{t('actions.your_note')}</strong> {a.note}
        </p>
      )}
      {a.close_reason && (
        <p className="my-action-note">
          <strong>{t('actions.close_reason')}</strong> {a.close_reason}
        </p>
      )}
      <EquipmentOffers offers={offers} actionId={a.id} idPrefix={`action-${a.id}-offer`} />
      {a.state === 'open' && asking === null && (
        <div className="my-action-buttons">
          <button type="button" className="button" disabled={busy} onClick={() => void move('mark_done', '')}>
            {t(actionTransitionKey('mark_done'))}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={() => setAsking('ask_for_help')}>
            {t(actionTransitionKey('ask_for_help'))}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={() => setAsking('mark_not_possible')}>
            {t(actionTransitionKey('mark_not_possible'))}
          </button>
        </div>
      )}
      {a.state === 'open' && asking !== null && (
        <form
          className="my-action-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!noteMissing) void move(asking, note);
          }}
        >
          <label htmlFor={`action-${a.id}-note`}>{t(asking === 'ask_for_help' ? 'actions.note_help' : 'actions.note_not_possible')}</label>
          <textarea
            id={`action-${a.id}-note`}
            value={note}
            maxLength={ACTION_NOTE_MAX}
            rows={3}
            aria-invalid={touched && noteMissing}
            aria-describedby={touched && noteMissing ? `action-${a.id}-note-error` : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          {touched && noteMissing && (
            <p id={`action-${a.id}-note-error`} className="field-error" role="alert">
              {t('actions.note_required')}
            </p>
          )}
          <div className="my-action-buttons">
            <button type="submit" className="button" disabled={busy}>
              {t(actionTransitionKey(asking))}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setAsking(null)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
