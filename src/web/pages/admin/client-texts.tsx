import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { CLIENT_TEXT_LANGUAGES, CLIENT_TEXT_PAGES, clientTextsHref } from './components/client-text-pages';
import { routeTitle } from '../../i18n/menu-label';
import { currentT, useT } from '../../i18n/texts';
import './components/admin.css';
import { href } from '../../../../generated/routes';

type Answer = ApiResponse<'admin_client_texts'>;

/** Scope and language from the route path: /admin/edit_client/<scope>[/<lang>]/:id (SPEC §2). */
function scopeAndLanguage(path: string, query: URLSearchParams): { scope: string; language: string } {
  const parts = path.split('/').filter(Boolean);
  const scope = parts[2];
  const fromPath = parts.length === 5 ? parts[3] : null;
  return { scope, language: fromPath ?? query.get('lang') ?? 'en' };
}

/**
 * SPEC §2 client-editing sub-pages: each text key of the page with its English text beside the
 * client's own wording in the chosen language. An empty box means "use the default"; saving it empty
 * removes the client's override.
 */
export default function ClientTexts({ route, params }: PageProps) {
  const t = useT();
  const [query] = useSearchParams();
  const { scope, language } = scopeAndLanguage(route.path, query);
  const id = params.id;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [state, setState] = useState<'loading' | 'ready' | 'error' | 'saving'>('loading');
  const [find, setFind] = useState('');
  useEffect(() => {
    setState('loading');
    call('admin_client_texts', { params: { id: id!, scope, language } }).then(
      ({ data: answer }) => {
        const data = answer;
        setAnswer(data);
        setDraft(Object.fromEntries(data.entries.map((e) => [e.key, e.text])));
        setState('ready');
      },
      () => setState('error'),
    );
  }, [id, scope, language]);
  const languageHref = (code: string) => clientTextsHref(scope, id!, code);
  const needle = find.trim().toLowerCase();
  const shown = answer
    ? answer.entries.filter(
        (e) =>
          !needle ||
          e.key.toLowerCase().includes(needle) ||
          e.english.toLowerCase().includes(needle) ||
          (draft[e.key] ?? '').toLowerCase().includes(needle),
      )
    : [];
  const changed = answer ? answer.entries.filter((e) => (draft[e.key] ?? '') !== e.text) : [];
  const languageTag = CLIENT_TEXT_LANGUAGES.find((l) => l.code === language)?.tag ?? 'en';
  const pageKey = CLIENT_TEXT_PAGES.find((p) => p.scope === scope)?.label;
  const languageName = CLIENT_TEXT_LANGUAGES.find((l) => l.code === language)?.name ?? language;
  // A per-language route (SPEC §2 /admin/edit_client/<scope>/<lang>/:id) names its language, in that language's own name.
  const scopeLabel = pageKey ? t(pageKey) : routeTitle(t, route);
  const languageInPath = route.path.split('/').filter(Boolean).length === 5;
  const pageLabel = languageInPath && pageKey ? t('admin.texts.in_language', { page: scopeLabel, language: languageName }) : scopeLabel;
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">
        {pageLabel}
        {answer ? `: ${answer.client.company_name}` : ''}
      </h1>
      <nav aria-label={t('admin.texts.nav')} className="admin-subnav">
        <Link to={href('edit_client', { id: id! })}>{t('admin.texts.details')}</Link>
        {CLIENT_TEXT_PAGES.map((p) => (
          <Link key={p.scope} to={clientTextsHref(p.scope, id!)} aria-current={p.scope === scope ? 'page' : undefined}>
            {t(p.label)}
          </Link>
        ))}
      </nav>
      <nav aria-label={t('field.language')} className="admin-subnav">
        {CLIENT_TEXT_LANGUAGES.map((l) => (
          <Link key={l.code} to={languageHref(l.code)} lang={l.tag} aria-current={l.code === language ? 'page' : undefined}>
            {l.name}
          </Link>
        ))}
      </nav>
      {state === 'loading' && <p role="status">{t('admin.texts.loading')}</p>}
      {state === 'error' && <p role="alert">{t('admin.texts.load_failed')}</p>}
      {answer &&
        state !== 'loading' &&
        (answer.entries.length === 0 ? (
          <p>{t('admin.texts.none')}</p>
        ) : (
          <form
            className="text-overrides-form"
            onSubmit={async (e) => {
              e.preventDefault();
              setState('saving');
              try {
                const { message } = await call('admin_client_texts_save', {
                  params: { id: id!, scope, language },
                  body: { texts: Object.fromEntries(changed.map((c) => [c.key, draft[c.key] ?? ''])) },
                });
                setAnswer({ ...answer, entries: answer.entries.map((en) => ({ ...en, text: (draft[en.key] ?? '').trim() })) });
                emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
              } catch {
                /* the API client shows the error */
              }
              setState('ready');
            }}
          >
            <div className="admin-toolbar">
              <div className="field">
                <label htmlFor="text-find">{t('admin.texts.find')}</label>
                <input id="text-find" type="search" value={find} onChange={(e) => setFind(e.target.value)} />
              </div>
              <p role="status" aria-live="polite">
                {changed.length
                  ? t('admin.texts.count_unsaved', { shown: shown.length, total: answer.entries.length, unsaved: changed.length })
                  : t('admin.texts.count', { shown: shown.length, total: answer.entries.length })}
              </p>
            </div>
            <table className="data-table text-overrides">
              <thead>
                <tr>
                  <th scope="col">{t('admin.texts.key')}</th>
                  <th scope="col">{t('admin.texts.english')}</th>
                  <th scope="col">{t('admin.texts.for_client', { language: languageName })}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((entry) => (
                  <tr key={entry.key}>
                    <th scope="row">
                      <code>{entry.key}</code>
                    </th>
                    <td>{entry.english}</td>
                    <td>
                      <textarea
                        aria-label={`${entry.key} (${language})`}
                        lang={languageTag}
                        maxLength={4000}
                        value={draft[entry.key] ?? ''}
                        placeholder={t('admin.texts.default')}
                        onChange={(e) => setDraft({ ...draft, [entry.key]: e.target.value })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              <button type="submit" className="button" disabled={state === 'saving' || changed.length === 0}>
                {state === 'saving'
                  ? t('admin.saving')
                  : changed.length === 0
                    ? t('admin.texts.save_none')
                    : changed.length === 1
                      ? t('admin.texts.save_one')
                      : t('admin.texts.save', { count: changed.length })}
              </button>
            </p>
          </form>
        ))}
    </section>
  );
}
