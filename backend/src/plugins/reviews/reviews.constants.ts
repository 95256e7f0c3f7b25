import type { ReviewsOptions } from './types';

export const REVIEWS_OPTIONS = Symbol('REVIEWS_OPTIONS');

export const DEFAULT_REVIEWS_OPTIONS: ReviewsOptions = { autoApproveVerified: false, rateLimit: { max: 5, windowMinutes: 60 } };

export const PAGE_TAKE_DEFAULT = 5;
export const PAGE_TAKE_MAX = 20;
