/**
 * Cloudflare Turnstile stand-in (development and tests), served next to the blog stand-in under
 * /turnstile, so the worker's TURNSTILE_VERIFY_URL and TURNSTILE_SCRIPT_URL point here where
 * challenges.cloudflare.com cannot be reached. It behaves like Turnstile with Cloudflare's
 * documented test keys:
 *
 * POST /turnstile/v0/siteverify   form-encoded or JSON: secret, response, remoteip?, idempotency_key?
 *                                 → 200 { success, "error-codes": [], challenge_ts, hostname, action, cdata }
 *                                 secret 1x0000000000000000000000000000000AA: passes,
 *                                        2x0000000000000000000000000000000AA: fails (invalid-input-response),
 *                                        3x0000000000000000000000000000000AA: timeout-or-duplicate (spent),
 *                                        any other: invalid-input-secret; no secret: missing-input-secret;
 *                                 no response: missing-input-response; one over 2048 characters: invalid-input-response.
 *                                 A repeated idempotency_key gets the first answer again.
 * GET  /turnstile/v0/api.js       the widget's script, explicit rendering: `window.turnstile` with render(container,
 *                                 { sitekey, callback, 'expired-callback', 'error-callback', language }), reset,
 *                                 remove, getResponse, isExpired, ready; `?onload=name` calls window[name]. It draws
 *                                 a checkbox "Nie jestem robotem"; ticking it gives callback('XXXX.DUMMY.TOKEN.XXXX')
 *                                 with the test site keys 1x…AA / 1x…BB / 3x…FF, error-callback with 2x…AB / 2x…BB
 *                                 (and with any other key: Cloudflare's 'invalid sitekey'); the token expires after 300 s.
 *
 * For tests (not part of Turnstile):
 * GET  /turnstile/test/verifications   the last siteverify calls: response, remoteip, idempotency_key, success, codes
 *                                      (never the secret)
 */
import type * as http from 'http';
import { readBody } from './read-body';

const PREFIX = '/turnstile';
const MAX_BODY = 16 * 1024;
/** Turnstile tokens are at most 2048 characters (Cloudflare's siteverify documentation). */
const MAX_TOKEN = 2048;
/** What Cloudflare's test site keys hand the browser. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Cloudflare's documented test secrets and what siteverify answers to each. */
export const TEST_SECRETS = {
    passes: '1x0000000000000000000000000000000AA',
    fails: '2x0000000000000000000000000000000AA',
    spent: '3x0000000000000000000000000000000AA',
} as const;

interface Verification {
    response: string;
    remoteip?: string;
    idempotency_key?: string;
    success: boolean;
    'error-codes': string[];
}

/** The fields of a siteverify request, form-encoded or JSON as Cloudflare accepts; null when neither parses. */
function fields(type: string, body: string): Record<string, string> | null {
    if (type.startsWith('application/json')) {
        try {
            const value: unknown = JSON.parse(body);
            if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
            return Object.fromEntries(
                Object.entries(value as Record<string, unknown>)
                    .filter(([, v]) => typeof v === 'string')
                    .map(([k, v]) => [k, v as string]),
            );
        } catch {
            return null;
        }
    }
    if (type.startsWith('application/x-www-form-urlencoded') || type === '') return Object.fromEntries(new URLSearchParams(body));
    return null;
}

/** Siteverify's answer for these fields (Cloudflare's order: the secret first, then the response). */
export function siteverifyAnswer(f: Record<string, string>): { success: boolean; 'error-codes': string[] } {
    const refuse = (code: string) => ({ success: false, 'error-codes': [code] });
    if (!f.secret) return refuse('missing-input-secret');
    if (!Object.values(TEST_SECRETS).includes(f.secret as (typeof TEST_SECRETS)[keyof typeof TEST_SECRETS])) {
        return refuse('invalid-input-secret');
    }
    if (!f.response) return refuse('missing-input-response');
    if (f.response.length > MAX_TOKEN) return refuse('invalid-input-response');
    if (f.secret === TEST_SECRETS.fails) return refuse('invalid-input-response');
    if (f.secret === TEST_SECRETS.spent) return refuse('timeout-or-duplicate');
    return { success: true, 'error-codes': [] };
}

/**
 * The widget's script: no build step, no dependencies, no inline styles (the shop's CSP), in the
 * browser's own JavaScript. It keeps the real API's names and argument shapes so the shop's
 * loader cannot tell it from Cloudflare's.
 */
const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  var DUMMY = '${DUMMY_TOKEN}';
  var EXPIRES_MS = 300000;
  var PASS = { '1x00000000000000000000AA': 1, '1x00000000000000000000BB': 1, '3x00000000000000000000FF': 1 };
  var FAIL = { '2x00000000000000000000AB': 1, '2x00000000000000000000BB': 1 };
  var TEXTS = {
    pl: { label: 'Nie jestem robotem', checking: 'Sprawdzanie…', done: 'Gotowe', failed: 'Weryfikacja nie powiodła się', expired: 'Weryfikacja wygasła, zaznacz ponownie', brand: 'Turnstile (zastępnik testowy)' },
    en: { label: 'I am human', checking: 'Verifying…', done: 'Success!', failed: 'Verification failed', expired: 'Expired, tick again', brand: 'Turnstile (test stand-in)' }
  };
  var widgets = {};
  var next = 0;

  function find(ref) {
    if (ref === undefined) { for (var id in widgets) return widgets[id]; return undefined; }
    if (typeof ref === 'string') return widgets[ref] || widgets[(document.querySelector(ref) || {}).__turnstileId];
    return ref && widgets[ref.__turnstileId];
  }
  function texts(language) {
    var lang = String(language || 'auto');
    if (lang === 'auto') lang = (navigator.language || 'pl');
    return lang.slice(0, 2).toLowerCase() === 'en' ? TEXTS.en : TEXTS.pl;
  }
  function setState(w, checked, status) {
    w.box.setAttribute('aria-checked', checked ? 'true' : 'false');
    w.status.textContent = status;
  }
  function call(fn, arg) { if (typeof fn === 'function') { try { fn(arg); } catch (e) { setTimeout(function () { throw e; }); } } }

  function render(container, params) {
    var el = typeof container === 'string' ? document.querySelector(container) : container;
    if (!el) throw new Error('[Cloudflare Turnstile] Unable to find a container for "' + container + '".');
    params = params || {};
    var id = 'cf-chl-widget-' + (++next).toString(36);
    var t = texts(params.language);
    var root = document.createElement('div');
    root.className = 'cf-turnstile-stand-in';
    root.id = id;
    root.style.display = 'inline-flex';
    root.style.alignItems = 'center';
    root.style.gap = '0.75rem';
    root.style.padding = '0.75rem 1rem';
    root.style.border = '1px solid #767676';
    root.style.borderRadius = '4px';
    root.style.background = '#fafafa';
    root.style.color = '#1a1a1a';
    root.style.font = '16px/1.4 system-ui, sans-serif';
    var box = document.createElement('button');
    box.type = 'button';
    box.setAttribute('role', 'checkbox');
    box.setAttribute('aria-checked', 'false');
    box.style.display = 'inline-flex';
    box.style.alignItems = 'center';
    box.style.gap = '0.5rem';
    box.style.minHeight = '44px';
    box.style.padding = '0 0.5rem';
    box.style.font = 'inherit';
    box.style.color = 'inherit';
    box.style.background = 'transparent';
    box.style.border = '0';
    box.style.cursor = 'pointer';
    var mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.style.display = 'inline-block';
    mark.style.width = '24px';
    mark.style.height = '24px';
    mark.style.border = '2px solid #1a1a1a';
    mark.style.borderRadius = '3px';
    mark.style.textAlign = 'center';
    mark.style.lineHeight = '20px';
    var label = document.createElement('span');
    label.textContent = t.label;
    box.appendChild(mark);
    box.appendChild(label);
    var status = document.createElement('span');
    status.setAttribute('role', 'status');
    var brand = document.createElement('small');
    brand.textContent = t.brand;
    brand.style.color = '#555';
    root.appendChild(box);
    root.appendChild(status);
    root.appendChild(brand);
    el.appendChild(root);
    el.__turnstileId = id;

    var w = { id: id, el: el, root: root, box: box, status: status, params: params, token: '', expired: false, timer: 0 };
    widgets[id] = w;
    box.addEventListener('click', function () {
      if (w.token) return;
      var key = String(params.sitekey || '');
      setState(w, false, t.checking);
      setTimeout(function () {
        if (!widgets[id]) return;
        if (PASS[key]) {
          w.token = DUMMY;
          w.expired = false;
          mark.textContent = '✓';
          setState(w, true, t.done);
          clearTimeout(w.timer);
          w.timer = setTimeout(function () {
            w.token = '';
            w.expired = true;
            mark.textContent = '';
            setState(w, false, t.expired);
            call(params['expired-callback'], DUMMY);
          }, EXPIRES_MS);
          call(params.callback, DUMMY);
        } else {
          setState(w, false, t.failed);
          // Cloudflare's codes: 600010 a failed challenge (the failing test keys), 110100 an invalid site key
          call(params['error-callback'], FAIL[key] ? '600010' : '110100');
        }
      }, 150);
    });
    return id;
  }

  function reset(ref) {
    var w = find(ref);
    if (!w) return;
    clearTimeout(w.timer);
    w.token = '';
    w.expired = false;
    w.box.firstChild.textContent = '';
    setState(w, false, '');
  }
  function remove(ref) {
    var w = find(ref);
    if (!w) return;
    clearTimeout(w.timer);
    w.root.remove();
    delete w.el.__turnstileId;
    delete widgets[w.id];
  }

  window.turnstile = {
    render: render,
    reset: reset,
    remove: remove,
    getResponse: function (ref) { var w = find(ref); return w ? w.token || undefined : undefined; },
    isExpired: function (ref) { var w = find(ref); return !!(w && w.expired); },
    ready: function (fn) { call(fn); },
    execute: function () {},
    implicitRender: function () {}
  };
  var me = document.currentScript && document.currentScript.src;
  var onload = me ? new URL(me).searchParams.get('onload') : null;
  if (onload && typeof window[onload] === 'function') setTimeout(function () { window[onload](); });
})();
`;

/** The stand-in's routes; returns false for any other path (the blog stand-in answers those). */
export function turnstileStandIn() {
    const recent: Verification[] = [];
    const byKey = new Map<string, ReturnType<typeof siteverifyAnswer> & { challenge_ts?: string }>();

    const json = (res: http.ServerResponse, status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(value));
    };

    async function siteverify(req: http.IncomingMessage, res: http.ServerResponse) {
        let f: Record<string, string> | null;
        try {
            f = fields(String(req.headers['content-type'] ?? '').toLowerCase(), (await readBody(req, MAX_BODY)).toString('utf8'));
        } catch {
            return json(res, 413, { success: false, 'error-codes': ['bad-request'] });
        }
        if (!f) return json(res, 400, { success: false, 'error-codes': ['bad-request'] });
        const key = f.idempotency_key;
        const answer = (key && byKey.get(key)) || {
            ...siteverifyAnswer(f),
            challenge_ts: new Date(Date.now() - 1000).toISOString(),
        };
        if (key && !byKey.has(key)) {
            byKey.set(key, answer);
            if (byKey.size > 500) byKey.delete(byKey.keys().next().value!);
        }
        recent.push({
            response: f.response ?? '',
            remoteip: f.remoteip,
            idempotency_key: key,
            success: answer.success,
            'error-codes': answer['error-codes'],
        });
        if (recent.length > 50) recent.shift();
        // Cloudflare's test keys answer with a fixed hostname; the stand-in cannot know the page's.
        const body = answer.success
            ? { success: true, 'error-codes': [], challenge_ts: answer.challenge_ts, hostname: 'example.com', action: '', cdata: '' }
            : { success: false, 'error-codes': answer['error-codes'], messages: [] };
        return json(res, 200, body);
    }

    return (req: http.IncomingMessage, res: http.ServerResponse, _origin: string): boolean => {
        const path = (req.url ?? '/').split('?')[0]!;
        if (!path.startsWith(`${PREFIX}/`)) return false;
        if (path === `${PREFIX}/v0/siteverify`) {
            if (req.method !== 'POST') json(res, 405, { success: false, 'error-codes': ['bad-request'] });
            else
                siteverify(req, res).catch(() => {
                    if (!res.headersSent) json(res, 500, { success: false, 'error-codes': ['internal-error'] });
                });
            return true;
        }
        if (path === `${PREFIX}/v0/api.js` && (req.method === 'GET' || req.method === 'HEAD')) {
            res.writeHead(200, {
                'content-type': 'application/javascript; charset=utf-8',
                'content-length': Buffer.byteLength(WIDGET_SCRIPT).toString(),
                'cache-control': 'no-cache',
            });
            res.end(req.method === 'HEAD' ? undefined : WIDGET_SCRIPT);
            return true;
        }
        if (path === `${PREFIX}/test/verifications` && req.method === 'GET') {
            json(res, 200, recent);
            return true;
        }
        json(res, 404, { success: false, 'error-codes': ['bad-request'] });
        return true;
    };
}
