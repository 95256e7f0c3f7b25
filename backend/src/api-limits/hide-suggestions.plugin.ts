/**
 * Production: no 'Did you mean "…"?' in error messages. graphql-js suggests field, argument, type
 * and enum-value names close to a misspelt one, which hands out the schema piece by piece where
 * introspection is refused. Masked in `didEncounterErrors`, which sees validation and execution
 * (variable) errors before Apollo formats them. Decision 103.
 */

import type { ApolloPlugin } from './api-of-request';

// graphql-js writes one space before its suggestion; `[^?]*` then `\?` cannot backtrack
const SUGGESTION = / ?Did you mean [^?]*\?/g;

/** The message without its suggestions. */
export function withoutSuggestions(message: string): string {
    // bounded: graphql-js's message about a document under the token limit (and the pattern is linear)
    return message.replace(SUGGESTION, '');
}

export function hideSuggestionsPlugin(): ApolloPlugin {
    return {
        async requestDidStart() {
            return {
                async didEncounterErrors({ errors }) {
                    for (const error of errors) {
                        if (error.message.includes('Did you mean'))
                            (error as { message: string }).message = withoutSuggestions(error.message);
                    }
                },
            };
        },
    };
}
