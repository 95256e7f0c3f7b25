export interface CatalogueOptions {
    /** the storefront told of changed products (`<storefrontUrl>/api/catalogue/changed`); empty = nobody */
    storefrontUrl: string;
    /** CATALOGUE_HOOK_SECRET: the HMAC key of that call; empty = the storefront is not told */
    hookSecret: string;
}
