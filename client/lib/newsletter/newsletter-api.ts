/** The browser side of `/api/newsletter` (features/newsletter/newsletter-api.server.ts): what the shopper is told after a sign-up attempt. */
export type NewsletterStatus = 'confirmation-sent' | 'subscribed' | 'already-subscribed';

export interface NewsletterAnswer {
  status?: NewsletterStatus;
  /** A refused field (400): its Polish message. */
  field?: 'email' | 'consent';
  message?: string;
}

type NewsletterOutcome =
  | { kind: 'done'; status: NewsletterStatus }
  | { kind: 'invalid'; field: 'email' | 'consent'; message: string }
  | { kind: 'rate-limited' }
  | { kind: 'failed' };

/** Sends the sign-up; never throws (network errors are `failed`). */
export async function subscribeToNewsletter(email: string, consent: boolean): Promise<NewsletterOutcome> {
  try {
    const res = await fetch('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ email, consent }),
    });
    if (res.status === 429) return { kind: 'rate-limited' };
    const body = (await res.json().catch(() => ({}))) as NewsletterAnswer;
    if (res.ok && body.status) return { kind: 'done', status: body.status };
    if (res.status === 400 && body.field && body.message) return { kind: 'invalid', field: body.field, message: body.message };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
