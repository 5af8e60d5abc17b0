/**
 * The lesson Markdown of the course format (paragraphs, `-` lists, **bold**, links; never HTML) as
 * HTML for a SCORM package. Everything is escaped first, so no text of a course can become markup.
 * A link to a portal page becomes an absolute link to the portal that opens in a new window: the
 * package runs inside another system, where a path alone leads nowhere.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inline(text: string, base: string): string {
  return escape(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_all, label: string, target: string) => {
      const href = target.startsWith('/') ? `${base}${target}` : /^https:\/\//.test(target) ? target : null;
      return href ? `<a href="${href}" target="_blank" rel="noopener">${label}</a>` : label;
    });
}

export function markdownToHtml(markdown: string, base: string): string {
  const origin = base.replace(/\/+$/, '');
  const blocks = markdown.trim().split(/\n\s*\n/);
  return blocks
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2), origin)}</li>`).join('')}</ul>`;
      return `<p>${inline(lines.join(' '), origin)}</p>`;
    })
    .join('\n');
}
