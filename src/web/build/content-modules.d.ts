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

/** The guidance pages' animated routines, read from the content at build time (routines.ts). */
declare module 'virtual:routines' {
  const routines: readonly import('./routines').RoutineEntry[];
  export default routines;
}

/** Each guidance page's first picture (file under /illustrations/), by its file name (guide-pictures.ts). */
declare module 'virtual:guide-pictures' {
  const pictures: Readonly<Record<string, string>>;
  export default pictures;
}
