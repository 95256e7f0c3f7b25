/**
 * Whether a request's `Origin` header names the request's own origin: the same-origin check of
 * every browser-facing mutation (`/api/shop`, `/api/newsletter`). A missing or malformed
 * `Origin` is not same-origin.
 */
export function isSameOrigin(origin: string | undefined, requestUrl: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}
