/**
 * The token limit (GraphQL Armor's max-tokens lexer), checked before Apollo parses the document, so a
 * document of a million tokens costs the server no parse and no validation. Apollo has no hook that
 * may answer before the parse, so the limit's error is thrown from `parsingDidStart` and handed back
 * to Apollo in `unexpectedErrorProcessingRequest`, with HTTP 400 and code GRAPHQL_VALIDATION_FAILED
 * (as the umbrella package's Apollo adapter does, with the status added). Decision 103.
 */
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError } from 'graphql';
import { type ApiName, type ApolloPlugin, apiOfRequest } from './api-of-request';

/** The refusal: a GraphQLError Apollo answers as it is (status 400). */
export class TokenLimitError extends GraphQLError {
    constructor(message: string) {
        super(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'tokens', http: { status: 400 } } });
    }
}

/** Throws a TokenLimitError if `source` has more than `n` tokens; a syntax error is left to Apollo's parse. */
export function checkTokens(source: string, n: number): void {
    let refused: GraphQLError | undefined;
    const parser = new MaxTokensParserWLexer(source, { n, onReject: [(_, error) => (refused = error)], propagateOnRejection: true });
    try {
        parser.parseDocument();
    } catch (error) {
        if (refused) throw new TokenLimitError(refused.message.replace(/^Syntax Error: /, ''));
        // a syntax error: Apollo's own parse reports it
        void error;
    }
}

export function maxTokensPlugin(limits: Record<ApiName, number>, adminApiPath: string): ApolloPlugin {
    return {
        async requestDidStart(requestContext) {
            const n = limits[apiOfRequest(requestContext, adminApiPath)];
            return {
                async parsingDidStart(rc) {
                    if (rc.source !== undefined) checkTokens(rc.source, n);
                },
            };
        },
        async unexpectedErrorProcessingRequest({ error }) {
            // rethrown, Apollo answers with this error and its status instead of "Internal server error" (500)
            if (error instanceof TokenLimitError) throw error;
        },
    };
}
