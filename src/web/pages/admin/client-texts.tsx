import type { ApiBody, ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { CLIENT_TEXT_LANGUAGES, CLIENT_TEXT_PAGES, clientTextsHref } from './components/client-text-pages';
import { routeTitle } from '../../i18n/menu-label';
import { useT } from '../../i18n/texts';
import { LazyManifestForm } from '../../components/form/lazy-manifest-form';
import type { TextOverridesWords } from '../../components/form/text-overrides-field';
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
 * removes the client's override. The table is the manifest form client_text_overrides (its field
 * `text-overrides`), so the server checks the changed texts with the same validator.
 */
export default function ClientTexts({ route, params }: PageProps) {
  const t = useT();
  const [query] = useSearchParams();
  const { scope, language } = scopeAndLanguage(route.path, query);
  const id = params.id;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  // Unsaved changes, for the button's words; each save starts the form again (its key).
  const [unsaved, setUnsaved] = useState(0);
  const [saves, setSaves] = useState(0);
  useEffect(() => {
    setState('loading');
    call('admin_client_texts', { params: { id: id!, scope, language } }).then(
      ({ data: answer }) => {
        const data = answer;
        setAnswer(data);
        setUnsaved(0);
        setState('ready');
      },
      () => setState('error'),
    );
  }, [id, scope, language]);
  const languageHref = (code: string) => clientTextsHref(scope, id!, code);
  const languageTag = CLIENT_TEXT_LANGUAGES.find((l) => l.code === language)?.tag ?? 'en';
  const pageKey = CLIENT_TEXT_PAGES.find((p) => p.scope === scope)?.label;
  const languageName = CLIENT_TEXT_LANGUAGES.find((l) => l.code === language)?.name ?? language;
  // A per-language route (SPEC §2 /admin/edit_client/<scope>/<lang>/:id) names its language, in that language's own name.
  const scopeLabel = pageKey ? t(pageKey) : routeTitle(t, route);
  const words: TextOverridesWords = {
    find: t('admin.texts.find'),
    key: t('admin.texts.key'),
    english: t('admin.texts.english'),
    forClient: t('admin.texts.for_client', { language: languageName }),
    placeholder: t('admin.texts.default'),
    count: (shown, total, unsaved) =>
      unsaved ? t('admin.texts.count_unsaved', { shown, total, unsaved }) : t('admin.texts.count', { shown, total }),
  };
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
          <LazyManifestForm
            key={`${scope}/${language}/${saves}`}
            form="client_text_overrides"
            label={pageLabel}
            initial={{ texts: {} }}
            uiSchema={{ texts: { 'ui:options': { entries: answer.entries, language, languageTag, words } } }}
            onValues={(values) => setUnsaved(Object.keys((values.texts ?? {}) as object).length)}
            canSubmit={unsaved > 0}
            submitText={
              unsaved === 0
                ? t('admin.texts.save_none')
                : unsaved === 1
                  ? t('admin.texts.save_one')
                  : t('admin.texts.save', { count: unsaved })
            }
            savingText={t('admin.saving')}
            submit={(body) =>
              call('admin_client_texts_save', { params: { id: id!, scope, language }, body: body as ApiBody<'admin_client_texts_save'> })
            }
            onSaved={(_, values) => {
              // The saved wording becomes the boxes' starting point; the form starts again with no change.
              const saved = (values.texts ?? {}) as Record<string, string>;
              setAnswer({
                ...answer,
                entries: answer.entries.map((en) => (en.key in saved ? { ...en, text: saved[en.key]!.trim() } : en)),
              });
              setUnsaved(0);
              setSaves((n) => n + 1);
            }}
          />
        ))}
    </section>
  );
}
