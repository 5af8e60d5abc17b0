import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import '../../components/content/content.css';
import { TextTutorials } from './components/text-tutorials';
import { TutorialVideos } from './components/tutorial-videos';
import { currentLanguage, useLanguage, useT } from '../../i18n/texts';
import { loadHelp, useHelp } from './help-content';
import { entriesOf, search } from './help-search';

/** Fetches the sections and tutorials in the reader's language together with the page's chunk (page-registry preloadPage). */
export const preload = () => Promise.all([loadHelp('sections', currentLanguage()), loadHelp('tutorials', currentLanguage())]);

/** SPEC §2 help centre: dashboard tutorials, general ergo, my reports, my data, additional support, with search. */
export default function HelpCenter(_props: PageProps) {
  const [query, setQuery] = useState('');
  const t = useT();
  // The sections in the reader's language (English for a section not yet translated), so search
  // reads the words the reader sees.
  const docs = useHelp('sections', useLanguage());
  const entries = useMemo(() => entriesOf(docs ?? []), [docs]);
  const shown = useMemo(() => search(entries, query), [entries, query]);
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('menu.help_center')}</h1>
      <p className="lead">{t('help.lead')}</p>
      <div className="field">
        <label htmlFor="help-search">{t('help.search')}</label>
        <input
          id="help-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('help.search_hint')}
        />
      </div>
      <p role="status" aria-live="polite">
        {query && docs ? t(shown.length === 1 ? 'help.found_one' : 'help.found', { count: shown.length }) : ''}
      </p>
      {docs === undefined && <p role="status">{t('page.loading')}</p>}
      {docs === null && <p role="alert">{t('page.load_failed')}</p>}
      {docs?.map((doc) => {
        const inSection = shown.filter((e) => e.section === doc.meta.title);
        if (inSection.length === 0) return null;
        return (
          <section key={doc.meta.title} aria-label={doc.meta.title}>
            <h2>{doc.meta.title}</h2>
            {doc.meta.videos === true && !query && (
              <>
                <TextTutorials />
                <TutorialVideos />
              </>
            )}
            {inSection.map((e) => (
              <details key={e.question} open={Boolean(query)}>
                <summary dangerouslySetInnerHTML={{ __html: e.question }} />
                <div dangerouslySetInnerHTML={{ __html: e.html }} />
              </details>
            ))}
          </section>
        );
      })}
      {docs && shown.length === 0 && <p>{t('help.no_match', { email: 'support@ergoportal.example' })}</p>}
    </section>
  );
}
