import { markdownToHtml } from './scorm-markdown';
import type { PackageCourse } from './scorm-course';
import { SCORM_RUNTIME } from './scorm-runtime';

/**
 * The launch page of a SCORM package: one HTML file with its style, its script and the course (in
 * one language) as JSON, so it needs nothing but the package's own illustrations. Lesson bodies are
 * rendered here from the course's Markdown (scorm-markdown.ts); the script builds the pages.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that may sit inside a <script> element: no "<" can close it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export const illustrationFile = (name: string) => `illustrations/${name}.svg`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2933;background:#f7f9fb}
header{background:#0b4f6c;color:#fff;padding:16px 20px}
header h2{margin:0;font-size:1.15rem}
header p{margin:4px 0 0;font-size:.9rem;opacity:.9}
main{max-width:760px;margin:0 auto;padding:20px;background:#fff;min-height:60vh}
h1{font-size:1.5rem;line-height:1.25;margin:.4em 0 .6em}
h1:focus{outline:none}
img{display:block;max-width:100%;height:auto;margin:12px 0}
.module{margin:0;color:#52606d;font-size:.9rem;text-transform:uppercase;letter-spacing:.04em}
.intro{color:#3e4c59}
fieldset{border:1px solid #cbd2d9;border-radius:6px;margin:0 0 16px;padding:12px 14px}
legend{font-weight:600;padding:0 4px}
.hint{margin:4px 0 8px;color:#52606d;font-size:.9rem}
.answer{display:flex;gap:10px;align-items:flex-start;padding:6px 0}
.answer input{margin-top:5px;width:18px;height:18px;flex:none}
.feedback p{margin:6px 0 0;padding:6px 10px;border-radius:4px}
.right{background:#e3f9e5;color:#05400a}
.wrong{background:#ffe3e3;color:#610404}
button{font:inherit;padding:10px 18px;border-radius:6px;border:2px solid #0b4f6c;background:#0b4f6c;color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#0b4f6c}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
a{color:#0b4f6c}
.nav{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;margin-top:24px;border-top:1px solid #e4e7eb;padding-top:16px}
.count{color:#52606d;font-size:.9rem}
.message,.score{font-weight:600}
#notice{background:#fffbea;color:#513c06;padding:10px 20px;margin:0}
`;

export function launchPage(course: PackageCourse, words: Readonly<Record<string, string>>, base: string): string {
  const origin = base.replace(/\/+$/, '');
  const data = {
    id: course.id,
    title: course.title,
    words,
    modules: course.modules.map((m) => ({
      id: m.id,
      title: m.title,
      intro: m.intro,
      passMark: m.passMark,
      lessons: m.lessons.map((l) => ({
        id: l.id,
        title: l.title,
        html: markdownToHtml(l.body, origin),
        ...(l.illustration ? { illustration: { file: illustrationFile(l.illustration.name), alt: l.illustration.alt } } : {}),
        guidance: l.guidance.map((g) => ({ title: g.title, href: `${origin}${g.path}` })),
      })),
      quiz: m.quiz.map((q) => ({
        id: q.id,
        kind: q.kind,
        text: q.text,
        answers: q.answers.map((a) => ({ id: a.id, text: a.text, why: a.why, correct: a.correct, flag: a.flag })),
      })),
    })),
  };
  const lang = course.language === 'cn' ? 'zh-Hans' : course.language;
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(course.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h2>${escape(course.title)}</h2><p>${escape(course.summary)}</p></header>
<p id="notice" role="status" hidden></p>
<main id="main"></main>
<script type="application/json" id="course-data">${scriptJson(data)}</script>
<script>${SCORM_RUNTIME}</script>
</body>
</html>
`;
}
