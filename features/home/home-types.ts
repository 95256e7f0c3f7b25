import type { ProductCardData } from '../../client/lib/product-card';

/** A blog post as the home page shows it (spec §3 "Blog post"); HTML fields are sanitised in the worker. */
export interface BlogPost {
  id: number;
  /** title.rendered, sanitised: no tags, entities kept. */
  titleHtml: string;
  /** excerpt.rendered, sanitised: paragraphs and inline emphasis only. */
  excerptHtml: string;
  /** The post on the blog (an http(s) URL). */
  link: string;
  /** Embedded featured media (`_embedded['wp:featuredmedia'][0]`). */
  image: { url: string; width: number; height: number } | null;
  date: string;
}

/**
 * A "kolekcja": the products sharing one value of the collection facet
 * (docs/decisions/010-a-kolekcja-is-a-value-of-one-facet.md). Link `/kolekcje/{id}/{slug}`.
 */
export interface CollectionCard {
  id: string;
  name: string;
  /** The facet value code, used as the slug. */
  slug: string;
  link: string;
  count: number;
}

export interface HomeCategory {
  name: string;
  link: string;
  /** Plain text (tags stripped in the worker). */
  description: string;
  image: string | null;
  children: Array<{ name: string; link: string }>;
}

export interface ProductSection {
  /** The full listing behind the section. */
  link: string;
  products: ProductCardData[];
}

export interface HomeData {
  categories: HomeCategory[];
  sale: ProductSection | null;
  newest: ProductSection | null;
  collections: CollectionCard[];
  teaser: { name: string; text: string; link: string; image: string | null } | null;
  /** null: the blog did not answer in time (the section is left out). */
  posts: BlogPost[] | null;
}
