import type { Bindings } from '../env';

/** Placeholder until the Turnstile branch lands: siteverify with the configured secret. */
export async function verifyTurnstile(env: Bindings, token: string | undefined, remoteIp: string | undefined): Promise<boolean> {
  if (!token || token.length > 2048 || !env.TURNSTILE_SECRET_KEY || !env.TURNSTILE_VERIFY_URL) return false;
  try {
    const res = await fetch(env.TURNSTILE_VERIFY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ secret: env.TURNSTILE_SECRET_KEY, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(3000),
    });
    const body = (await res.json()) as { success?: boolean };
    return body.success === true;
  } catch {
    return false;
  }
}
