/**
 * The one inline script of the document: it starts the client bundles after the first paint.
 *
 * A `<script type="module" src>` and `<link rel="modulepreload">` in the HTML are found by the
 * preload scanner and download at once, side by side with the stylesheet and the LCP image: on
 * a phone's slow link ~100 KB of JS then shares the bandwidth with the ~30 KB the first paint
 * needs. This script waits until the first contentful paint is on screen (its paint-timing entry
 * comes with the frame's presentation; decision 124) and then adds the modulepreload links of the
 * page's chunks and the entry module, so no script keeps the main thread from answering the
 * frames that show the page. Each link and the entry are added in a task of their own: a request
 * costs the main thread 3–5 ms (15–20 ms under Lighthouse's 4× slowdown), and a product page's
 * eleven in one task made one task of 160–190 ms. Where paint timing is missing, it waits for the
 * first frame (a `requestAnimationFrame` callback, then a task), and it never waits more than 3 s.
 * A pointer or key press before that starts them at once.
 *
 * A tap on a button before the page is hydrated (its handler is not attached yet) is kept, not
 * lost: the button is remembered (`document.__tap`, the default action stopped: a button outside
 * a form that submits natively has none worth doing without script; the click goes no further,
 * so a handler that a hydration slice attached during this very event does not also run it) and
 * clicked again once the page has hydrated (client/App.tsx, HydratedMark; decision 125). Links and forms with an `action` work as HTML.
 *
 * The URLs come from the script element's data attributes, so the source never changes and the
 * CSP allows it by hash (`script-src 'self' 'sha256-…'`, worker/middleware/security-headers.ts).
 * Decisions: docs/decisions/033-scripts-start-after-the-first-paint.md, 124.
 */
export const BOOT_SOURCE =
  '(function(s,d){var done=0;function go(){if(done)return;done=1;' +
  "var p=(s.getAttribute('data-preload')||'').split(' '),i=0;" +
  "(function next(){for(;p.length>i&&!p[i];i++);if(p.length>i){var l=d.createElement('link');l.rel='modulepreload';l.href=p[i++];d.head.appendChild(l);setTimeout(next,0);return}" +
  "var e=d.createElement('script');e.type='module';e.src=s.getAttribute('data-entry');d.body.appendChild(e)})()}" +
  "var O=window.PerformanceObserver;if(O&&O.supportedEntryTypes&&O.supportedEntryTypes.indexOf('paint')>=0){" +
  "var o=new O(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}});" +
  "o.observe({type:'paint',buffered:true});setTimeout(go,3000)}else requestAnimationFrame(function(){setTimeout(go,0)});" +
  "addEventListener('pointerdown',go,{capture:true,once:true,passive:true});addEventListener('keydown',go,{capture:true,once:true});" +
  "addEventListener('click',function(v){var h=d.documentElement,b=v.target&&v.target.closest&&v.target.closest('button');" +
  "if(!b||h.getAttribute('data-hydrated')||b.disabled||(b.form&&b.form.getAttribute('action')))return;v.preventDefault();v.stopPropagation();d.__tap=b;go()},true)" +
  '})(document.currentScript,document)';

let hash: Promise<string> | undefined;

/** `'sha256-…'` of BOOT_SOURCE for the CSP, computed once per isolate. */
export function bootScriptHash(): Promise<string> {
  hash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(BOOT_SOURCE)).then((digest) => {
    let binary = '';
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `'sha256-${btoa(binary)}'`;
  });
  return hash;
}
