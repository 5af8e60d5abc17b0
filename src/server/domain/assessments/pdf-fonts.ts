import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AssessmentLanguage } from '../../../shared/assessment/types';

/**
 * The fonts the Summary-Report PDF is set in, by the report's language. Helvetica (built into every
 * PDF reader) covers the Latin-script languages; Chinese, Japanese and Korean need an embedded font.
 * Noto Sans SC, JP and KR (SIL Open Font License 1.1) come from the npm packages
 * @expo-google-fonts/noto-sans-{sc,jp,kr}, so nothing is fetched at run time; pdfkit embeds only the
 * glyphs a report uses, which keeps the file small.
 */
/** A built-in font name, or the font file's bytes (read once per process). */
export interface PdfFonts {
  readonly regular: string | Buffer;
  readonly bold: string | Buffer;
}

const HELVETICA: PdfFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const NOTO: Partial<Record<AssessmentLanguage, string>> = { cn: 'SC', ja: 'JP', ko: 'KR' };
const require = createRequire(import.meta.url);
const cache = new Map<string, PdfFonts>();

function notoFiles(script: string): PdfFonts {
  const root = dirname(require.resolve(`@expo-google-fonts/noto-sans-${script.toLowerCase()}/package.json`));
  return {
    regular: readFileSync(join(root, '400Regular', `NotoSans${script}_400Regular.ttf`)),
    bold: readFileSync(join(root, '700Bold', `NotoSans${script}_700Bold.ttf`)),
  };
}

export function pdfFonts(language: AssessmentLanguage): PdfFonts {
  const script = NOTO[language];
  if (!script) return HELVETICA;
  let fonts = cache.get(script);
  if (!fonts) {
    fonts = notoFiles(script);
    cache.set(script, fonts);
  }
  return fonts;
}
