import { useEffect, useState } from 'react';
import { useRouterState } from '../../router/context';
import { t } from '../../texts';
import { modalTexts } from '../../texts/shell-modals';
import { WITHDRAWAL_LINK } from '../../texts/withdrawal-link';

const ft = modalTexts.footer;
type Link = readonly [href: string, label: string];

/** The static pages (content/pages) and the order status page, by footer section; the link-walk test checks that each answers. */
export const FOOTER_SECTIONS: ReadonlyArray<{ title: string; links: readonly Link[] }> = [
  {
    title: ft.customerService,
    links: [
      // a guest's order: status and tracking (issue 28)
      ['/status-zamowienia', 'Status zamówienia'],
      ['/obsluga-klienta/czas-realizacji', 'Czas realizacji'],
      ['/obsluga-klienta/platnosci', 'Płatności'],
      ['/obsluga-klienta/zwrot', 'Zwroty'],
      ['/obsluga-klienta/wymiana', 'Wymiana'],
      ['/obsluga-klienta/reklamacje', 'Reklamacje'],
      ['/obsluga-klienta/promocje', 'Promocje'],
      ['/obsluga-klienta/wspolpraca', 'Współpraca'],
      ['/obsluga-klienta/faq', 'FAQ'],
      ['/kontakt', t.nav.contact],
    ],
  },
  {
    title: ft.aboutProduct,
    links: [
      ['/o-produkcie', 'Nasze produkty'],
      ['/o-produkcie/personalizacja', 'Personalizacja'],
      ['/o-produkcie/pielegnacja', 'Pielęgnacja'],
      ['/page/tasma', 'Taśma'],
      ['/page/okucia', 'Okucia'],
      ['/page/karabinczyki', 'Karabińczyki'],
      ['/page/metka', 'Metka'],
    ],
  },
  {
    title: ft.info,
    links: [
      ['/pomoc/o-nas', 'O nas'],
      ['/pomoc/regulamin', 'Regulamin'],
      ['/pomoc/polityka-prywatnosci', 'Polityka prywatności'],
      ['/page/polityka-cookies', 'Polityka cookies'],
      ['/pomoc/deklaracja-dostepnosci', 'Deklaracja dostępności'],
      ['/pomoc', 'Pomoc'],
    ],
  },
];

/**
 * Payment and delivery marks (spec §2 footer logos): our own SVG files in client/public/marki,
 * served by the worker (no third-party request), each named by its alt text, 64×32.
 */
const PAYMENT_MARKS: Mark[] = [
  ['blik', 'BLIK'],
  ['visa', 'Visa'],
  ['mastercard', 'Mastercard'],
  ['przelew', 'Przelew bankowy'],
];
const DELIVERY_MARKS: Mark[] = [
  ['inpost', 'InPost Paczkomat®'],
  ['kurier', 'Kurier'],
];
type Mark = readonly [file: string, name: string];

function Marks({ marks }: { marks: Mark[] }) {
  return (
    <ul className="footer__marks">
      {marks.map(([file, name]) => (
        <li key={file}>
          <img src={`/marki/${file}.svg`} alt={name} title={name} width={64} height={32} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}

/** A link that leaves the shop opens in a new tab and says so; a path stays a plain link (client navigation). */
function OutLink({ href, children }: { href: string; children: string }) {
  if (href.startsWith('/')) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener external">
      {children}
      <span className="visually-hidden"> {ft.newWindow}</span>
    </a>
  );
}

/** A link section: collapsible on phones (closed), open on desktop (CSS shows it before hydration too). */
function Section({ title, links, open }: { title: string; links: readonly Link[]; open: boolean }) {
  return (
    <details className="footer__section" open={open || undefined}>
      <summary className="footer__heading">
        <h2>{title}</h2>
      </summary>
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Spec §2 footer: link sections, bank transfer details, payment and delivery marks, external links, settings. */
export default function FooterContent() {
  const { payload } = useRouterState();
  const { bankTransfer, links } = payload.config;
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(min-width: 1024px)');
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  const categories: Link[] = (payload.nav ?? []).flatMap((top) => [
    [top.link, top.name] as const,
    ...top.items.map((i) => [i.link, i.name] as const),
  ]);

  return (
    <footer className="footer">
      <div className="container footer__grid">
        {categories.length > 0 && <Section title={ft.categories} links={[...categories, ['/kolekcje', ft.collections]]} open={wide} />}
        {FOOTER_SECTIONS.map((s) => (
          <Section key={s.title} title={s.title} links={s.links} open={wide} />
        ))}
        <section className="footer__bank" aria-labelledby="footer-bank">
          <h2 id="footer-bank">{ft.bankTransfer}</h2>
          <dl>
            <dt>{ft.recipient}</dt>
            <dd>{bankTransfer.recipient}</dd>
            <dt>{ft.account}</dt>
            <dd className="footer__iban">{bankTransfer.account}</dd>
            <dt>{ft.bank}</dt>
            <dd>{bankTransfer.bank}</dd>
          </dl>
        </section>
      </div>
      <p className="container footer__withdrawal">
        {/* the withdrawal function (issue 24): on every page, never folded away */}
        <a href="/odstapienie-od-umowy">{WITHDRAWAL_LINK}</a>
      </p>
      <div className="container footer__row">
        <div>
          <h2 className="footer__minor">{ft.payments}</h2>
          <Marks marks={PAYMENT_MARKS} />
        </div>
        <div>
          <h2 className="footer__minor">{ft.delivery}</h2>
          <Marks marks={DELIVERY_MARKS} />
        </div>
        <div>
          <h2 className="footer__minor">{ft.discover}</h2>
          <ul className="footer__links">
            <li>
              <OutLink href={links.harnessCreator}>{ft.harnessCreator}</OutLink>
            </li>
            <li>
              <a href="/kolekcje">{ft.collections}</a>
            </li>
            <li>
              <OutLink href={links.blog}>{ft.blog}</OutLink>
            </li>
            <li>
              <OutLink href={links.dogBreeds}>{ft.dogBreeds}</OutLink>
            </li>
          </ul>
        </div>
        {links.social.length > 0 && (
          <div>
            <h2 className="footer__minor">{ft.social}</h2>
            <ul className="footer__links">
              {links.social.map((s) => (
                <li key={s.url}>
                  <OutLink href={s.url}>{s.name}</OutLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="container footer__actions">
        {/* Opened by the Footer wrapper's listener (data-panel), so they work before this island hydrates. */}
        <button type="button" className="footer__button" aria-haspopup="dialog" data-panel="newsletter">
          {ft.newsletter}
        </button>
        <button type="button" className="footer__button" aria-haspopup="dialog" data-panel="language">
          {ft.language}
        </button>
        <button type="button" className="footer__button" aria-haspopup="dialog" data-panel="cookies">
          {ft.cookieSettings}
        </button>
      </div>
      <p className="container footer__copy">
        © {t.shopName}. {ft.rights} <span className="footer__badge">{ft.madeInPoland}</span>
      </p>
    </footer>
  );
}
