import { useMemo, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import type { ContentDoc } from '../../components/content/use-content';
import '../../components/content/content.css';
import { TextTutorials } from './components/text-tutorials';
import { TutorialVideos } from './components/tutorial-videos';
import { useT } from '../../i18n/texts';

/** SPEC §2 help centre sections, small enough to ship together so search is instant. */
const docs = Object.values(import.meta.glob<ContentDoc>('../../../../content/help/*.md', { import: 'default', eager: true })).sort(
  (a, b) => Number(a.meta.order ?? 0) - Number(b.meta.order ?? 0),
);

/** One question and its answer, split from a section's HTML at each h2. */
interface Entry {
  readonly section: string;
  readonly question: string;
  readonly html: string;
}
const entries: Entry[] = docs.flatMap((doc) =>
  doc.html
    .split(/(?=<h2 )/)
    .filter((part) => part.startsWith('<h2'))
    .map((part) => ({
      section: doc.meta.title,
      question: /<h2[^>]*>(.*?)<\/h2>/.exec(part)?.[1] ?? '',
      html: part.replace(/<h2[^>]*>.*?<\/h2>/, ''),
    })),
);
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').toLowerCase();

/** SPEC §2 help centre: dashboard tutorials, general ergo, my reports, my data, additional support, with search. */
export default function HelpCenter(_props: PageProps) {
  const [query, setQuery] = useState('');
  const t = useT();
  const shown = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return entries.filter((e) => words.every((w) => plain(e.question + e.html).includes(w)));
  }, [query]);
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
        {query ? t(shown.length === 1 ? 'help.found_one' : 'help.found', { count: shown.length }) : ''}
      </p>
      {docs.map((doc) => {
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
      {shown.length === 0 && <p>{t('help.no_match', { email: 'support@ergoportal.example' })}</p>}
    </section>
  );
}
