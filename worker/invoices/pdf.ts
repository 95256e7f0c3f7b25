import { Hono } from 'hono';
import type { AppEnv, Bindings } from '../env';

const UPSTREAM_TIMEOUT_MS = 20_000;
/** `{invoice id}-{22 base64url}.pdf`: the handle the backend gives the order's owner (decision 119). */
const FILE = /^(\d{1,10}-[A-Za-z0-9_-]{22})\.pdf$/;
const NEVER_CACHED = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
const INVOICE_NOT_FOUND =
  'Nie ma takiej faktury albo link do niej jest nieprawidłowy. Fakturę znajdziesz w „Moje konto → Zamówienia” albo na stronie statusu zamówienia z linku w e-mailu.';

const refuse = (status: number, reason: string, extra: Record<string, string> = {}) =>
  new Response(reason, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NEVER_CACHED, ...extra } });

/** The backend's PDF endpoint: same origin as the Shop API (backend/README.md). */
function pdfUrl(env: Pick<Bindings, 'VENDURE_SHOP_API'>, handle: string): string {
  return `${new URL(env.VENDURE_SHOP_API).origin}/invoices/pdf/${handle}`;
}

/**
 * `/faktury/{handle}.pdf`: an invoice's PDF (issue 40; decision 119), linked from the account's
 * order history and the order status page. The worker only checks the handle's shape and forwards
 * it; the backend checks its key (HMAC under ORDER_LINK_SECRET) and renders the PDF, or answers 404
 * with a Polish reason, passed on unchanged. Never cached anywhere (`private, no-store`).
 */
export const invoicePdfApi = new Hono<AppEnv>().get('/:file', async (c) => {
  const handle = FILE.exec(c.req.param('file'))?.[1];
  if (!handle) return refuse(404, INVOICE_NOT_FOUND);
  let upstream: Response;
  try {
    upstream = await fetch(pdfUrl(c.env, handle), { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (error) {
    console.error('invoice PDF: backend unreachable', error);
    return refuse(503, 'Nie udało się teraz pobrać faktury. Spróbuj ponownie za chwilę.', { 'Retry-After': '30' });
  }
  if (upstream.status !== 200) {
    const reason = upstream.status === 404 ? INVOICE_NOT_FOUND : 'Nie udało się teraz pobrać faktury. Spróbuj ponownie za chwilę.';
    return refuse(upstream.status === 404 ? 404 : 502, reason);
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': upstream.headers.get('Content-Disposition') ?? 'inline; filename="Faktura.pdf"',
      ...NEVER_CACHED,
    },
  });
});
