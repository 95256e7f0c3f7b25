/**
 * The legacy redirect table: its source format, THE key normaliser, the general rules and
 * the KV layout. Imported by the worker (lookup) and the seeding script (write); it imports
 * nothing outside this folder but zod.
 */
export { canonicalPath, collapsePaging, firstSegment, foldAccents, normaliseKey, safeDecode } from './normalise';
export {
  LEGACY_SORT,
  hasLegacyParams,
  isListingPath,
  legacyListingParams,
  liveQuery,
  rewriteLegacyListingQuery,
  withListingParams,
} from './query';
export {
  BLOG_PLACEHOLDER,
  TABLE_COLUMNS,
  fillTokens,
  parseTable,
  rowSchema,
  sourceIdentity,
  targetKind,
  tokensOf,
  type ParsedTable,
  type RedirectEntry,
  type TableError,
  type TargetKind,
} from './table';
export {
  BUCKET_COUNT,
  KV_PREFIX,
  buildBuckets,
  bucketKvKey,
  bucketOf,
  kvKeyFor,
  lookupKey,
  matchBucket,
  parseBucket,
  resolveTarget,
  serialiseBucket,
  type Bucket,
  type Match,
  type ResolveContext,
} from './lookup';
export { SAMPLE_TOKEN, sampleSource, validateEntries, type LiveSite } from './validate';
