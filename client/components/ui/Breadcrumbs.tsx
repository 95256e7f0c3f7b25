import { StaticPart } from './StaticPart';

/** One step of a breadcrumb trail. */
export interface Breadcrumb {
  text: string;
  link: string;
}

/** Spec §3 breadcrumbs: the root is labelled Home and links to /. Static: never hydrated ([decision 118](docs/decisions/118-static-parts-of-pages-are-never-hydrated-and-the-product-image-is-sized-for-phones.md)). */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  return (
    <StaticPart version={items.map((item) => `${item.link} ${item.text}`).join('\n')}>
      <BreadcrumbTrail items={items} />
    </StaticPart>
  );
}

function BreadcrumbTrail({ items }: { items: Breadcrumb[] }) {
  return (
    <nav aria-label="Okruszki" className="breadcrumbs">
      <ol>
        {items.map((item, i) => (
          <li key={item.link}>
            {i === items.length - 1 ? <span aria-current="page">{item.text}</span> : <a href={item.link}>{item.text}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
