import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { illustration, illustrationImg, isAnimated } from './illustrations';
import { actionButton, productPicture, serviceAction } from './product-pictures';

/** Front matter of a content file (content/README.md). */
export interface ContentMeta {
  readonly title: string;
  readonly summary?: string;
  readonly [key: string]: unknown;
}

export interface RenderedContent {
  readonly meta: ContentMeta;
  readonly html: string;
}

const BLOCK_TITLES: Record<string, string> = {
  do: 'Do',
  dont: "Don't",
  steps: 'Step by step',
  checklist: 'Checklist',
  stretch: 'Stretch routine',
  // The cautions before a routine (SPEC §2 guidance): how far to go, when to stop, when to ask a clinician.
  caution: 'Before you start',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * `- Name | seconds | instruction | illustration` lines of a :::stretch block become a routine the
 * page can time. Each step shows the still of its animated illustration (the key position); the
 * follow-along timer shows the moving one while it runs (stretch-timer.tsx, SPEC §2 guidance).
 */
function stretchBlock(body: string): string {
  const items = body
    .split('\n')
    .map((l) => l.replace(/^\s*-\s*/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, instruction, picture] = line.split('|').map((p) => p.trim());
      if (picture && !isAnimated(picture))
        throw new Error(`Stretch "${name}": illustration "${picture}" does not move (content/README.md)`);
      const still = picture ? illustrationImg(picture, true) : '';
      return `<li data-seconds="${Number(seconds) || 30}" data-step="${picture ?? ''}">${still}<div><strong>${escapeHtml(name)}</strong> <span class="stretch-seconds">${Number(seconds) || 30} s</span><p>${escapeHtml(instruction ?? '')}</p></div></li>`;
    });
  return `<section class="content-block block-stretch"><h2>${BLOCK_TITLES.stretch}</h2><ol class="stretch-routine">${items.join('')}</ol></section>`;
}

/**
 * Markdown with YAML front matter → metadata and HTML, at build time (the browser never ships a
 * Markdown parser). Authors use :::do, :::dont, :::steps, :::checklist and :::stretch blocks.
 */
export function renderContent(source: string): RenderedContent {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  const meta = (match ? parseYaml(match[1]) : {}) as ContentMeta;
  const body = match ? source.slice(match[0].length) : source;
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth, text }) {
        // Letters of any script, so a heading in Japanese or Korean keeps an id of its own.
        const id = text
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '');
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      image({ href, title, text }) {
        // ![text alternative](illustration:name "caption") inlines content/illustrations/name.svg.
        if (href.startsWith('illustration:')) return illustration(href.slice('illustration:'.length), text, title ?? null);
        // ![](product:name "eager") shows a photograph of the product (product-pictures.ts).
        if (href.startsWith('product:')) return productPicture(href.slice('product:'.length), title ?? null);
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" loading="lazy">`;
      },
      link({ href, title, tokens }) {
        // [text](/path "site.key"): a button whose words are that interface text, in the reader's language.
        if (title?.startsWith('site.')) return actionButton(href, title);
        const external = /^https?:\/\//.test(href);
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}${external ? ' rel="noopener" target="_blank"' : ''}>${this.parser.parseInline(tokens)}</a>`;
      },
    },
  });
  const html = body
    .split(/^:::(\w+)\s*\n([\s\S]*?)^:::\s*$/m)
    .map((part, index, parts) => {
      if (index % 3 === 0) return marked.parse(part) as string;
      if (index % 3 === 2) return '';
      const kind = part;
      const inner = parts[index + 1];
      if (kind === 'stretch') return stretchBlock(inner);
      // The home page's first screen: the offer beside a picture of the product (content.css).
      if (kind === 'hero') return `<div class="hero-offer">${marked.parse(inner) as string}</div>`;
      return `<section class="content-block block-${kind}"><h2>${BLOCK_TITLES[kind] ?? kind}</h2>${marked.parse(inner) as string}</section>`;
    })
    .join('')
    // A figure is a block of its own, not inside a paragraph (HTML content model).
    .replace(/<p>(<figure class="(?:content-figure|product-picture)">[\s\S]*?<\/figure>)\s*<\/p>/g, '$1');
  if (typeof meta.title !== 'string') throw new Error('Content file has no title in its front matter');
  // A service page (front matter `service`) ends in its one action: book a demonstration of it.
  return { meta, html: typeof meta.service === 'string' ? html + serviceAction(meta.service) : html };
}
