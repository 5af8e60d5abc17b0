import type { ContentDoc } from '../../components/content/use-content';

/** One question and its answer, split from a help section's HTML at each h2. */
export interface Entry {
  readonly section: string;
  readonly question: string;
  readonly html: string;
}

/** The questions and answers of the help centre's sections (SPEC §2), in their order. */
export const entriesOf = (docs: readonly ContentDoc[]): Entry[] =>
  docs.flatMap((doc) =>
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

/**
 * The entries holding every word of the query, in the reader's language: a word is found inside
 * longer words too, so "informe" finds "informes" and a Chinese or Japanese phrase, written without
 * spaces, is found as it stands.
 */
export function search(entries: readonly Entry[], query: string): Entry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => words.every((w) => plain(e.question + e.html).includes(w)));
}
