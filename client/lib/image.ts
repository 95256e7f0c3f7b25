/**
 * The one image-URL helper for the Vendure asset server: size, crop and webp
 * parameters (spec §7/§9). `preview` is the asset's preview URL as the Shop API
 * returns it (absolute, or relative to ASSET_URL).
 *
 * @example imageUrl(p, { w: 600, h: 600 }) // …?w=600&h=600&mode=crop&format=webp
 */
interface ImageOptions {
  w: number;
  h: number;
  mode?: 'crop' | 'resize';
  format?: 'webp' | 'jpg' | 'png';
  /** Quality 1–100 (the 50x50 placeholder uses 10). */
  q?: number;
}

export function imageUrl(preview: string, options: ImageOptions, assetUrl = ''): string {
  const base = /^https?:\/\//.test(preview) ? preview : `${assetUrl.replace(/\/$/, '')}/${preview.replace(/^\//, '')}`;
  const query = new URLSearchParams({
    w: String(options.w),
    h: String(options.h),
    mode: options.mode ?? 'crop',
    format: options.format ?? 'webp',
  });
  if (options.q) query.set('q', String(options.q));
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/** Widths for `srcset` from the §9 breakpoint set, capped at the image's display size ×2. */
export function srcSet(preview: string, size: number, assetUrl = ''): string {
  return [320, 640, 768, 1024, 1280]
    .filter((w) => w <= size * 2)
    .map((w) => `${imageUrl(preview, { w, h: w }, assetUrl)} ${w}w`)
    .join(', ');
}

/** Presets of spec §9. */
export const IMAGE = {
  product: { w: 600, h: 600 },
  placeholder: { w: 50, h: 50, q: 10 },
  small: { w: 120, h: 120 },
  galleryMain: { w: 750, h: 750 },
  galleryThumb: { w: 100, h: 100 },
  cart: { w: 200, h: 200 },
  structuredData: { w: 1200, h: 1200, format: 'jpg' as const },
} satisfies Record<string, ImageOptions>;
