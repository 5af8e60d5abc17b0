import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stretchSteps } from '../../shared/stretch-steps';
import { renderContent } from './render-content';

const GUIDANCE = resolve(import.meta.dirname, '../../../content/guidance');

/** The video library's category the routines sit in: one of the video form's (manifest/forms/video.yaml). */
export const ROUTINE_CATEGORY = 'Stretches and movement';

/** An animated routine as the video library lists it (`import routines from 'virtual:routines'`). */
export interface RoutineEntry {
  readonly kind: 'routine';
  /** The guidance document's file name without .md, which names its page (guidanceFileKey). */
  readonly file: string;
  readonly title: string;
  readonly summary: string;
  readonly category: string;
  readonly steps: number;
  readonly seconds: number;
  /** The still of the first step: the card's picture (decorative: the title names the routine). */
  readonly picture: { readonly src: string; readonly width: number; readonly height: number };
}

/**
 * Every guidance page with a routine (`:::stretch`), read from the content at build time, so the
 * video library lists exactly the routines there are (SPEC §2 video library: only what exists).
 */
export function routineEntries(): RoutineEntry[] {
  return readdirSync(GUIDANCE, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((f) => {
      const { meta, html } = renderContent(readFileSync(join(GUIDANCE, f), 'utf8'));
      const steps = stretchSteps(html);
      const first = steps[0]?.picture;
      if (!first) return [];
      return [
        {
          kind: 'routine' as const,
          file: f.slice(f.lastIndexOf('/') + 1, -'.md'.length),
          title: meta.title,
          summary: meta.summary ?? '',
          category: ROUTINE_CATEGORY,
          steps: steps.length,
          seconds: steps.reduce((sum, s) => sum + s.seconds, 0),
          picture: { src: first.still, width: first.width, height: first.height },
        },
      ];
    });
}
