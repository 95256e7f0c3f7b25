/**
 * The one inline script of the document: it starts the client bundles after the first paint.
 *
 * A `<script type="module" src>` and `<link rel="modulepreload">` in the HTML are found by the
 * preload scanner and download at once, side by side with the stylesheet and the LCP image: on
 * a phone's slow link ~100 KB of JS then shares the bandwidth with the ~30 KB the first paint
 * needs. This script waits for the first frame (a `requestAnimationFrame` callback runs only
 * once render-blocking CSS has arrived; the `setTimeout` lands after that frame is painted) and
 * then adds the modulepreload links of the page's chunks and the entry module. A pointer or key
 * press before that starts them at once. A tab opened in the background starts when shown.
 *
 * A tap on a button before the page is hydrated (its handler is not attached yet) is kept, not
 * lost: the button is remembered (`document.__tap`, the default action stopped: a button outside
 * a form that submits natively has none worth doing without script) and clicked again once the
 * page has hydrated (client/App.tsx, HydratedMark). Links and forms with an `action` work as HTML.
 *
 * The URLs come from the script element's data attributes, so the source never changes and the
 * CSP allows it by hash (`script-src 'self' 'sha256-…'`, worker/middleware/security-headers.ts).
 * Decision: docs/decisions/033-scripts-start-after-the-first-paint.md.
 */
export const BOOT_SOURCE =
  '(function(s,d){var done=0;function go(){if(done)return;done=1;' +
  "var p=(s.getAttribute('data-preload')||'').split(' ');" +
  "for(var i=0;p.length>i;i++)if(p[i]){var l=d.createElement('link');l.rel='modulepreload';l.href=p[i];d.head.appendChild(l)}" +
  "var e=d.createElement('script');e.type='module';e.src=s.getAttribute('data-entry');d.body.appendChild(e)}" +
  'requestAnimationFrame(function(){setTimeout(go,0)});' +
  "addEventListener('pointerdown',go,{capture:true,once:true,passive:true});addEventListener('keydown',go,{capture:true,once:true});" +
  "addEventListener('click',function(v){var h=d.documentElement,b=v.target&&v.target.closest&&v.target.closest('button');" +
  "if(!b||h.getAttribute('data-hydrated')||b.disabled||(b.form&&b.form.getAttribute('action')))return;v.preventDefault();d.__tap=b;go()},true)" +
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
