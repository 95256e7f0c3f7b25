import { t } from '../texts';

const sections: Array<{ title: string; links: Array<[string, string]> }> = [
  {
    title: t.footer.customerService,
    links: [
      ['/obsluga-klienta/czas-realizacji', 'Czas realizacji'],
      ['/obsluga-klienta/platnosci', 'Płatności'],
      ['/obsluga-klienta/zwrot', 'Zwroty'],
      ['/obsluga-klienta/wymiana', 'Wymiana'],
      ['/obsluga-klienta/reklamacje', 'Reklamacje'],
      ['/obsluga-klienta/faq', 'FAQ'],
    ],
  },
  {
    title: t.footer.aboutProduct,
    links: [
      ['/o-produkcie/personalizacja', 'Personalizacja'],
      ['/o-produkcie/pielegnacja', 'Pielęgnacja'],
      ['/obsluga-klienta/promocje', 'Promocje'],
      ['/obsluga-klienta/wspolpraca', 'Współpraca'],
    ],
  },
  {
    title: t.footer.info,
    links: [
      ['/pomoc/o-nas', 'O nas'],
      ['/pomoc/regulamin', 'Regulamin'],
      ['/pomoc/polityka-prywatnosci', 'Polityka prywatności'],
      ['/page/polityka-cookies', 'Polityka cookies'],
      ['/kontakt', t.nav.contact],
    ],
  },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__grid">
        {sections.map((section) => (
          <details key={section.title} className="footer__section" open>
            <summary>{section.title}</summary>
            <ul>
              {section.links.map(([href, label]) => (
                <li key={href}>
                  <a href={href}>{label}</a>
                </li>
              ))}
            </ul>
          </details>
        ))}
        <div className="footer__section">
          <p className="footer__badge">{t.footer.madeInPoland}</p>
        </div>
      </div>
      <p className="container footer__copy">
        © {t.shopName}. {t.footer.rights}
      </p>
    </footer>
  );
}
