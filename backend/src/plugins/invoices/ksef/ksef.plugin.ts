/**
 * Sending invoices to KSeF, API 2.0 (issue 40; decision 117): the client (ksef-client.ts), the
 * idempotent sending job on the `ksef` queue (ksef-submission.service.ts, entity KsefSubmission),
 * the Admin API's `ksefSubmissions(state)` / `ksefSubmission(key)` for staff, and the KOD I
 * verification link (verification-link.ts). The stand-in: stand-ins/ksef.ts; the contract:
 * ksef-api.ts and openapi/open-api.json. The invoices plugin calls KsefSubmissionService.enqueue.
 */
import { PluginCommonModule, VendurePlugin } from '@vendure/core';
import { ksefAdminApiExtensions } from './ksef-api-extensions';
import { KSEF_OPTIONS, type KsefOptions } from './ksef.constants';
import { KsefSubmissionFieldsResolver, KsefSubmissionResolver } from './ksef.resolver';
import { KsefSubmission } from './ksef-submission.entity';
import { KsefSubmissionService } from './ksef-submission.service';

@VendurePlugin({
    imports: [PluginCommonModule],
    providers: [KsefSubmissionService, { provide: KSEF_OPTIONS, useFactory: () => KsefPlugin.options }],
    exports: [KsefSubmissionService],
    entities: [KsefSubmission],
    adminApiExtensions: { schema: ksefAdminApiExtensions, resolvers: [KsefSubmissionResolver, KsefSubmissionFieldsResolver] },
    compatibility: '^3.0.0',
})
export class KsefPlugin {
    static options: KsefOptions;

    static init(options: KsefOptions) {
        KsefPlugin.options = options;
        return KsefPlugin;
    }
}
