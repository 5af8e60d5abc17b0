/** Markdown content files, rendered at build time by content-plugin.ts. */
declare module '*.md' {
  const content: { meta: { title: string; summary?: string; [key: string]: unknown }; html: string };
  export default content;
}
