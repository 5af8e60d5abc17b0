import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The boot script: starts the application's module script (and its preloads) once the page has
 * painted what the server sent. A page that arrives with content in #root (pre-rendered public and
 * guidance pages, the blog) is readable from its HTML and style sheet alone, so on a slow
 * connection those get the bandwidth first and the largest paint does not wait for the bundle.
 * "After the first paint" is when the browser reports the first contentful paint (Paint Timing,
 * W3C), which comes once the frame is on screen; a frame callback alone runs before that. A second
 * later the application starts anyway, should no such report come. An empty #root, or a page
 * opened in a background tab (no frames are rendered there), starts the application at once.
 * External and same-origin, as the CSP (script-src 'self') requires.
 */
function bootSource(entry: string, preloads: readonly string[]): string {
  return (
    `const s=${JSON.stringify({ entry, preloads })};` +
    'const go=()=>{for(const href of s.preloads){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;document.head.append(l)}' +
    'const e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=s.entry;document.head.append(e)};' +
    'let started=false;const once=()=>{if(!started){started=true;go()}};' +
    'const r=document.getElementById("root");' +
    'if(r&&r.hasChildNodes()&&document.visibilityState==="visible"){' +
    'try{new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length)once()}).observe({type:"paint",buffered:true})}' +
    'catch{requestAnimationFrame(()=>setTimeout(once,0))}' +
    'setTimeout(once,1000)}else go();\n'
  );
}

/**
 * Vite plugin (build only; `vite` dev serves index.html as written): replaces the entry's module
 * script and modulepreload links that Vite writes into index.html with one small boot script
 * (above) that adds them after the first paint. The style sheet link stays: it is what the first
 * paint needs.
 */
export function bootPlugin(): Plugin {
  return {
    name: 'ergoportal-boot',
    apply: 'build',
    // After Vite has written its tags into index.html (vite:build-html).
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('The build has no index.html to boot');
      const html = String(page.source);
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
      if (!entry) throw new Error('index.html has no entry module script to boot');
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
      const source = bootSource(
        entry[1],
        preloads.map((m) => m[1]),
      );
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      let result = html.replace(entry[0], '');
      for (const preload of preloads) result = result.replace(preload[0], '');
      page.source = result.replace('</head>', `  <script type="module" src="/${fileName}"></script>\n  </head>`);
    },
  };
}
