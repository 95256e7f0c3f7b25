export interface LoginFailureLimits {
    /** failed logins of one account within the window after which its logins are refused */
    limit: number;
    /** the window (from the first failure) and the block (from the last counted failure), in seconds */
    windowSeconds: number;
}

export interface AccountSecurityOptions {
    /** SHOP_API_SECRET: empty = the Shop API answers anyone (development) */
    shopApiSecret: string;
}
