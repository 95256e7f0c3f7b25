import type { PageProps } from '../router/types';
import { t } from '../texts';

export interface HomeData {
  sections: Array<{ href: string; title: string; description?: string }>;
}

export default function HomePage({ data }: PageProps<HomeData>) {
  return (
    <div className="home">
      <section className="hero">
        <h1>{t.shopTagline}</h1>
        <p>Obroże, szelki, smycze i dodatki szyte ręcznie w Polsce – z imieniem Twojego psa.</p>
      </section>
      <ul className="tiles">
        {data.sections.map((s) => (
          <li key={s.href}>
            <a className="tile" href={s.href}>
              <span className="tile__title">{s.title}</span>
              {s.description && <span className="tile__text">{s.description}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
