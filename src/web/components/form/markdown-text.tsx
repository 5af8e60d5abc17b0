import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the browser bundle (vite.config.ts `resolve.alias`): RJSF renders
 * through it only its own short messages, whose one mark-up is `**bold**` (the file widget's "**name**
 * (type, size bytes)"), and descriptions or help only where a form enables markdown, which none does
 * (manifest/forms/). The library weighs about 15 kB gzipped in every form page.
 */
export function Markdown({ children, options, ...attributes }: { children?: ReactNode; options?: unknown } & Record<string, unknown>) {
  void options;
  if (typeof children !== 'string') return <span {...attributes}>{children}</span>;
  return (
    <span {...attributes}>{children.split(/\*\*(.+?)\*\*/).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</span>
  );
}
