import { useEffect } from 'react';
import type { PageProps } from '../../client/router/types';
import { usePanels } from '../../client/stores/StoresProvider';
import { formatPrice } from '../../client/lib/price';
import { mcpTexts } from './mcp.texts';

const pt = mcpTexts.page;

export type AssistantCartData =
  | { state: 'ready'; lines: Array<{ name: string; quantity: number; price: number }>; total: number }
  | { state: 'gone' }
  | { state: 'adopted' };

/** Opens the shop's cart (a sidebar on every page). */
function ShowCart() {
  const openPanel = usePanels((s) => s.openPanel);
  return (
    <button type="button" className="button" onClick={() => openPanel('cart')}>
      {pt.showCart}
    </button>
  );
}

/**
 * `/asystent/koszyk/{link}`: the cart an assistant built, and one button that moves it into the
 * shopper's cart. Opening the link changes nothing (link previews and scanners open links too);
 * the form's POST does, once, and leads to `/asystent/koszyk` (`adopted`), which opens the cart.
 */
export default function AssistantCartPage({ data, params }: PageProps<AssistantCartData>) {
  const openPanel = usePanels((s) => s.openPanel);
  const adopted = data.state === 'adopted';
  useEffect(() => {
    if (adopted) openPanel('cart');
  }, [adopted, openPanel]);
  if (data.state !== 'ready') {
    return (
      <section className="assistant-cart">
        <h1>{pt.title}</h1>
        {adopted ? <p role="status">{pt.adopted}</p> : <p role="alert">{pt.gone}</p>}
        <p>
          <ShowCart />{' '}
          <a className="button" href="/checkout">
            {pt.checkout}
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
