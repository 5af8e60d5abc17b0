import { Fragment, createElement, type ReactNode } from 'react';

export type TextValues = Readonly<Record<string, string | number>>;

/** Fills {name} placeholders (the questionnaires' rule, src/shared/assessment/texts.ts). */
export function fill(text: string, values?: TextValues): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Fills {name} placeholders with elements (links inside a sentence), so each language keeps its own
 * word order around them.
 */
export function fillNodes(text: string, nodes: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = text.split(/\{(\w+)\}/g);
  return createElement(
    Fragment,
    null,
    ...parts.map((part, i) => (i % 2 === 1 && part in nodes ? createElement(Fragment, { key: i }, nodes[part]) : part)),
  );
}
