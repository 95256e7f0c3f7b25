/**
 * Which API a request came to: Vendure gives every Apollo plugin both APIs' requests (one
 * `apolloServerPlugins` list), so a plugin with a limit per API tells them apart by the path.
 */
import type { VendureConfig } from '@vendure/core';

/** Apollo's plugin type as Vendure takes it (the CommonJS declarations of @apollo/server, whichever resolution reads this). */
export type ApolloPlugin = NonNullable<VendureConfig['apiOptions']['apolloServerPlugins']>[number];
export type RequestContext = Parameters<NonNullable<ApolloPlugin['requestDidStart']>>[0];

export type ApiName = 'shop' | 'admin';

/** `adminApiPath` as in Vendure's apiOptions (without slashes); anything else counts as the Shop API. */
export function apiOfRequest(requestContext: RequestContext, adminApiPath: string): ApiName {
    // Vendure's GraphQL context is `{ req, res }` of Express
    const req = (requestContext.contextValue as { req?: { originalUrl?: string; baseUrl?: string } }).req;
    const url = req?.baseUrl || req?.originalUrl || '';
    return url.split('?')[0]!.replace(/^\/+/, '').startsWith(adminApiPath) ? 'admin' : 'shop';
}
