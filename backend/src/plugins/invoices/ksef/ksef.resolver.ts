import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Allow, Ctx, Permission, RequestContext } from '@vendure/core';
import { KsefSubmission, KSEF_STATES, type KsefState } from './ksef-submission.entity';
import { KsefSubmissionRefused, KsefSubmissionService } from './ksef-submission.service';

const STATE_LABELS: Record<KsefState, string> = {
    waiting: 'Czeka na wysłanie do KSeF',
    sending: 'Wysyłanie do KSeF',
    accepted: 'Przyjęta w KSeF',
    rejected: 'Odrzucona przez KSeF',
};

@Resolver()
export class KsefSubmissionResolver {
    constructor(private service: KsefSubmissionService) {}

    @Query()
    @Allow(Permission.ReadOrder)
    ksefSubmissions(@Ctx() ctx: RequestContext, @Args() args: { state?: string | null }) {
        const state = KSEF_STATES.find(s => s === args.state);
        return this.service.list(ctx, state);
    }

    @Query()
    @Allow(Permission.ReadOrder)
    ksefSubmission(@Ctx() ctx: RequestContext, @Args() args: { key: string }) {
        return args.key.length > 64 ? null : this.service.findByKey(ctx, args.key);
    }

    @Mutation()
    @Allow(Permission.SuperAdmin)
    async enqueueKsefSubmission(@Ctx() ctx: RequestContext, @Args() args: { key: string; invoiceXml: string }) {
        if (!this.service.standIn)
            return {
                submission: null,
                error: 'Wysyłanie dowolnego pliku do KSeF jest dostępne tylko z zastępnikiem KSeF (środowisko deweloperskie).',
            };
        try {
            return { submission: await this.service.enqueue(ctx, args), error: null };
        } catch (e) {
            if (e instanceof KsefSubmissionRefused) return { submission: null, error: e.message };
            throw e;
        }
    }
}

@Resolver('KsefSubmission')
export class KsefSubmissionFieldsResolver {
    @ResolveField()
    stateLabel(@Parent() row: KsefSubmission) {
        return STATE_LABELS[row.state as KsefState] ?? row.state;
    }
}
