import { Marked } from 'marked';

/**
 * Blog Markdown → safe HTML, on the server (the blog admin's preview and the public post pages).
 * Posts are written by people in the admin center, so the output is sanitised by construction
 * (OWASP XSS Prevention Cheat Sheet, rules 1 and 5): raw HTML in the Markdown is shown as text, and
 * link and image addresses must be http(s), mailto, a site path or an anchor; anything else
 * (javascript:, data:, vbscript:, encoded tricks) is dropped and only the link text kept.
 * Blocks :::checklist, :::steps, :::do and :::dont work as in content/README.md.
 */
const BLOCK_TITLES: Record<string, string> = { do: 'Do', dont: "Don't", steps: 'Step by step', checklist: 'Checklist' };
const SAFE_URL = /^(https?:\/\/[^\s"'<>`]+|mailto:[^\s"'<>`]+|\/(?!\/)[^\s"'<>`]*|#[\w-]*)$/i;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The address when it is safe to put in href/src, otherwise null. */
export function safeUrl(href: string | null | undefined): string | null {
  const value = (href ?? '').trim();
  return SAFE_URL.test(value) ? value : null;
}

const marked = new Marked({ gfm: true });
marked.use({
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    heading({ tokens, depth, text }) {
      const id = text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const level = Math.min(Math.max(depth, 2), 6); // the post title is the page's only h1
      // A heading with no Latin letters or digits (a Japanese, Korean or Chinese translation) has no anchor: an id must not be empty.
      return `<h${level}${id ? ` id="${escapeHtml(id)}"` : ''}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (!url) return inner;
      const external = /^https?:\/\//i.test(url);
      return `<a href="${escapeHtml(url)}"${title ? ` title="${escapeHtml(title)}"` : ''}${external ? ' rel="noopener nofollow" target="_blank"' : ''}>${inner}</a>`;
    },
    image({ href, title, text }) {
      const url = safeUrl(href);
      if (!url || url.startsWith('#') || url.startsWith('mailto:')) return escapeHtml(text);
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy">`;
    },
  },
});

/** Renders a post body; the result contains no script, no event handler and no unsafe URL. */
export function renderBlogMarkdown(source: string): string {
  return source
    .replace(/\r\n/g, '\n')
    .split(/^:::(\w+)\s*\n([\s\S]*?)^:::\s*$/m)
    .map((part, index, parts) => {
      if (index % 3 === 0) return marked.parse(part) as string;
      if (index % 3 === 2) return '';
      const title = BLOCK_TITLES[part];
      const inner = marked.parse(parts[index + 1]) as string;
      return title ? `<section class="content-block block-${part}"><h2>${title}</h2>${inner}</section>` : inner;
    })
    .join('');
}
