/** Markdown content files, rendered at build time by content-plugin.ts. */
declare module '*.md' {
  const content: { meta: { title: string; summary?: string; [key: string]: unknown }; html: string };
  export default content;
}

/** Interface texts (content/interface/<language>.yaml), text key → text; see interface-texts-plugin.ts. */
declare module '*.yaml' {
  const texts: Readonly<Record<string, string>>;
  export default texts;
}
