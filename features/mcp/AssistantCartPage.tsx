import type { PageProps } from '../../client/router/types';
import { formatPrice } from '../../client/lib/price';
import { mcpTexts } from './mcp.texts';

const pt = mcpTexts.page;

export type AssistantCartData =
  { state: 'ready'; lines: Array<{ name: string; quantity: number; price: number }>; total: number } | { state: 'gone' };

/**
 * `/asystent/koszyk/{link}`: the cart an assistant built, and one button that moves it into the
 * shopper's cart. Opening the link changes nothing (link previews and scanners open links too);
 * the form's POST does, once.
 */
export default function AssistantCartPage({ data, params }: PageProps<AssistantCartData>) {
  if (data.state === 'gone') {
    return (
      <section className="assistant-cart">
        <h1>{pt.title}</h1>
        <p role="alert">{pt.gone}</p>
        <p>
          <a className="button" href="/koszyk">
            {pt.goToCart}
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="assistant-cart">
      <h1>{pt.title}</h1>
      <p>{pt.intro}</p>
      <ul className="assistant-cart__lines">
        {data.lines.map((line, i) => (
          <li key={i}>
            {line.name} – {pt.quantity(line.quantity)} – {formatPrice(line.price)}
          </li>
        ))}
      </ul>
      <p>
        <strong>
          {pt.total}: {formatPrice(data.total)}
        </strong>
      </p>
      <p>{pt.mergeNote}</p>
      <form method="post" action={`/asystent/koszyk/${encodeURIComponent(params.token ?? '')}`}>
        <button type="submit" className="button">
          {pt.confirm}
        </button>
      </form>
    </section>
  );
}
