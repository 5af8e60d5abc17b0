import type { ReactNode } from 'react';
import { AppLink } from '../links/app-link';

/**
 * A lesson's words (content/training/<course>/texts/, "Markdown: paragraphs, `-` lists, **bold**,
 * links to guidance pages by path; no HTML": the course format) as React elements. Nothing is ever
 * parsed as HTML: text stays text, and only a link to a path of the site becomes a link (any other
 * target is shown as its words), so a reworded course cannot inject mark-up or send readers away.
 */
export function LessonMarkdown({ source }: { source: string }) {
  const blocks = source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => /^[-*]\s+/.test(l)))
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^[-*]\s+/, ''))}</li>
              ))}
            </ul>
          );
        const heading = /^#{1,6}\s+(.*)$/.exec(block);
        if (heading && lines.length === 1) return <h3 key={i}>{inline(heading[1]!)}</h3>;
        return <p key={i}>{inline(lines.join(' '))}</p>;
      })}
    </>
  );
}

/** `**bold**` and `[words](/path)` within a line; everything else is plain text. */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = out.length;
    if (m[1] !== undefined) out.push(<strong key={key}>{m[1]}</strong>);
    else if (/^\/(?!\/)[\w\-/#?=&.]*$/.test(m[3]!))
      out.push(
        <AppLink key={key} to={m[3]!} fallback={m[2]}>
          {m[2]}
        </AppLink>,
      );
    else out.push(m[2]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
