import { CollectionTiles } from '../listing/CollectionTiles';
import { StaticPart } from '../../client/components/ui/StaticPart';
import { NearSlice } from '../../client/components/ui/HydrationSlice';
import { ProductCard } from '../listing/ProductCard';
import { imageUrl } from '../../client/lib/image';
import { useRouterState } from '../../client/router/context';
import type { PageProps } from '../../client/router/types';
import { t } from '../../client/texts';
import { homeTexts } from './home.texts';
import type { BlogPost, HomeData, ProductSection } from './home-types';

export type { HomeData } from './home-types';

/** A wide picture (16:10) in the widths of spec §9, for the category tiles and the teaser. */
function WideImage({ preview, eager = false, sizes }: { preview: string; eager?: boolean; sizes: string }) {
  const { assetUrl } = useRouterState().payload.config;
  const widths = [320, 640, 960];
  return (
    <img
      src={imageUrl(preview, { w: 640, h: 400 }, assetUrl)}
      srcSet={widths.map((w) => `${imageUrl(preview, { w, h: Math.round(w * 0.625) }, assetUrl)} ${w}w`).join(', ')}
      sizes={sizes}
      width={640}
      height={400}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

function Products({ id, title, section }: { id: string; title: string; section: ProductSection }) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        <a href={section.link} className="home-section__more">
          {homeTexts.seeAll}
          <span className="visually-hidden">: {title}</span>
        </a>
      </div>
      <ul className="products products--grid">
        {/* each card hydrated in a slice of its own once it nears the viewport (decisions 125, 126) */}
        {section.products.map((p) => (
          <NearSlice key={p.id} as="li">
            <ProductCard product={p} />
          </NearSlice>
        ))}
      </ul>
    </section>
  );
}

function Post({ post }: { post: BlogPost }) {
  return (
    <article className="post-card">
      {post.image && (
        <img
          className="post-card__image"
          src={post.image.url}
          width={post.image.width}
          height={post.image.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="post-card__body">
        <h3 className="post-card__title">
          {/* Sanitised in the worker (features/content/wordpress.server.ts). */}
          <a href={post.link} dangerouslySetInnerHTML={{ __html: post.titleHtml }} />
        </h3>
        <div className="post-card__excerpt" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
      </div>
    </article>
  );
}

/**
 * Home `/`: categories, sale, newest, the Pro-Fit teaser, collections and blog posts, all from the
 * backend and the blog. Only the product cards (cart and wishlist buttons) are hydrated; the rest
 * are static parts ([decision 118](docs/decisions/118-static-parts-of-pages-are-never-hydrated-and-the-product-image-is-sized-for-phones.md)).
 */
export default function HomePage({ data }: PageProps<HomeData>) {
  return (
    <div className="home">
      <h1 className="home__title">{homeTexts.title}</h1>

      <StaticPart version={JSON.stringify(data.categories)}>
        <section aria-labelledby="home-categories">
          <h2 id="home-categories" className="visually-hidden">
            {homeTexts.categories}
          </h2>
          <ul className="home-categories">
            {data.categories.map((cat, i) => (
              <li key={cat.link} className="home-category">
                <a href={cat.link} className="home-category__link">
                  {cat.image && <WideImage preview={cat.image} eager={i === 0} sizes="(min-width: 1024px) 600px, 100vw" />}
                  <span className="home-category__name">{cat.name}</span>
                </a>
                {cat.description && <p className="home-category__text">{cat.description}</p>}
                {cat.children.length > 0 && (
                  <ul className="chips home-category__children" aria-label={t.listing.subcategories}>
                    {cat.children.map((child) => (
                      <li key={child.link}>
                        <a className="chip" href={child.link}>
                          {child.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      </StaticPart>

      {data.sale && <Products id="home-sale" title={homeTexts.sale} section={data.sale} />}
      {data.newest && <Products id="home-newest" title={homeTexts.newest} section={data.newest} />}

      {data.teaser && (
        <StaticPart version={JSON.stringify(data.teaser)}>
          <section className="teaser" aria-labelledby="home-teaser">
            {data.teaser.image && <WideImage preview={data.teaser.image} sizes="(min-width: 1024px) 600px, 100vw" />}
            <div className="teaser__body">
              <p className="kicker">{homeTexts.teaserKicker}</p>
              <h2 id="home-teaser">{data.teaser.name}</h2>
              {data.teaser.text && <p>{data.teaser.text}</p>}
              <a className="button" href={data.teaser.link}>
                {homeTexts.teaserCta}
              </a>
            </div>
          </section>
        </StaticPart>
      )}

      {data.collections.length > 0 && (
        <section className="home-section" aria-labelledby="home-collections">
          <div className="home-section__head">
            <h2 id="home-collections">{homeTexts.collections}</h2>
            <a href="/kolekcje" className="home-section__more">
              {homeTexts.allCollections}
            </a>
          </div>
          <StaticPart version={JSON.stringify(data.collections)}>
            <CollectionTiles items={data.collections} />
          </StaticPart>
        </section>
      )}

      {data.posts && data.posts.length > 0 && (
        <section className="home-section" aria-labelledby="home-blog">
          <h2 id="home-blog">{homeTexts.blog}</h2>
          <StaticPart version={JSON.stringify(data.posts)}>
            <div className="posts">
              {data.posts.map((post) => (
                <Post key={post.id} post={post} />
              ))}
            </div>
          </StaticPart>
        </section>
      )}
    </div>
  );
}
