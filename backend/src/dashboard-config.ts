/**
 * The Vendure configuration the Dashboard build reads (backend/dashboard/vite.config.mts): Vite's
 * plugin compiles this file, loads `config` and introspects it for the Admin API schema, the custom
 * fields and our plugins' Dashboard extensions. It is never started; no database is opened.
 */
import type { VendureConfig } from '@vendure/core';
import { makeConfig } from './vendure-config';
import { readEnv } from './env';

export const config: VendureConfig = makeConfig(readEnv({ forSchemaOnly: true }), { synchronize: false });
