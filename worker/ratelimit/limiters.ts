/**
 * The limits, one Workers Rate Limiting binding each (`[[ratelimits]]` in wrangler.toml, where
 * their numbers live: the binding's `simple.limit` per `simple.period` of 10 or 60 s). Cloudflare
 * counts per location, in fixed windows, approximately (README "Rate limits", decision 070).
 */
export const LIMITERS = {
  /** failed logins per account and address; success does not count (blocks after the limit: see recordFailure) */
  LOGIN_FAILURE_LIMITER: { period: 60 },
  /**
   * failed logins per account from any address: past the limit the account's logins ask for a
   * Turnstile challenge for `hold` seconds (a guess spread over many addresses; the owner is not locked out)
   */
  LOGIN_ACCOUNT_LIMITER: { period: 60, hold: 900 },
  /** every login attempt per address: the looser ceiling that stops one address trying many accounts */
  LOGIN_ADDRESS_LIMITER: { period: 60 },
  /** register, password reset (request and use), new activation link: per address */
  ACCOUNT_ADDRESS_LIMITER: { period: 60 },
  /** the same per e-mail address, so one inbox is not flooded from many addresses */
  ACCOUNT_EMAIL_LIMITER: { period: 60 },
  /** coupon codes tried per shopper session */
  COUPON_SESSION_LIMITER: { period: 60 },
  /** coupon codes tried per address, across sessions */
  COUPON_ADDRESS_LIMITER: { period: 60 },
  /** newsletter sign-ups per address (/api/newsletter and subscribeToNewsletter) */
  NEWSLETTER_LIMITER: { period: 60 },
  /** order lookups by code and e-mail (the withdrawal form, the order status page) and withdrawal submits, per address */
  WITHDRAWAL_LIMITER: { period: 60 },
  /** requests to the assistants' endpoint /api/mcp per address (features/mcp/, decision 112) */
  MCP_LIMITER: { period: 60 },
  /** carts created through /api/mcp per address: each is a Vendure session and order */
  MCP_CART_LIMITER: { period: 60 },
} as const satisfies Record<string, { period: 10 | 60; hold?: number }>;

export type LimiterName = keyof typeof LIMITERS;
