import { Args, Query, Resolver } from '@nestjs/graphql';
import { Ctx, type RequestContext, UserInputError } from '@vendure/core';
import { SearchDocumentsService } from '../services/search-documents.service';

export const MAX_SUGGESTION_TERM = 200;

@Resolver()
export class SearchSuggestionResolver {
    constructor(private documents: SearchDocumentsService) {}

    @Query()
    async searchSuggestion(@Ctx() ctx: RequestContext, @Args() args: { term: string }): Promise<string | null> {
        if (args.term.length > MAX_SUGGESTION_TERM) throw new UserInputError(`Fraza może mieć najwyżej ${MAX_SUGGESTION_TERM} znaków.`);
        const term = args.term.trim();
        if (term.length < 3) return null;
        return (await this.documents.matcher()).suggest(term, String(ctx.channelId));
    }
}
