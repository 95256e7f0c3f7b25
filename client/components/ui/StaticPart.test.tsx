import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticPart } from './StaticPart';

/** Counts renders of the static content: a part React leaves alone is never rendered in the browser. */
let renders = 0;
function Description({ text }: { text: string }) {
  renders++;
  return (
    <p className="description">
      {text} <a href="/o-produkcie/pielegnacja">Pielęgnacja</a>
    </p>
  );
}

/** A page with a hydrated counter above a static part; `text` comes from outside (a client navigation). */
let showText: (text: string) => void = () => {};
function Page({ initial }: { initial: string }) {
  const [count, setCount] = useState(0);
  const [text, setText] = useState(initial);
  showText = setText;
  return (
    <div>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Kliknięto {count}
      </button>
      <StaticPart version={text}>
        <Description text={text} />
      </StaticPart>
    </div>
  );
}

/** A page as the worker sends it: the payload script, and `<html data-hydrated>` once the first hydration has committed. */
function hydrating(yes: boolean) {
  if (yes) {
    const payload = document.createElement('script');
    payload.id = '__PAYLOAD__';
    payload.type = 'application/json';
    document.body.append(payload);
    delete document.documentElement.dataset.hydrated;
  } else document.documentElement.dataset.hydrated = 'true';
}

async function hydrateServerHtml(initial: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page initial={initial} />);
  document.body.append(container);
  const serverParagraph = container.querySelector('p.description');
  renders = 0;
  hydrating(true);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page initial={initial} />);
  });
  hydrating(false);
  return { container, serverParagraph, root: root! };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('StaticPart', () => {
  it('keeps the server HTML on the first hydration without rendering it, while the rest of the page is live', async () => {
    const { container, serverParagraph, root } = await hydrateServerHtml('Szelki z taśmy');
    expect(renders).toBe(0);
    const paragraph = container.querySelector('p.description');
    expect(paragraph).toBe(serverParagraph);
    expect(paragraph?.textContent).toBe('Szelki z taśmy Pielęgnacja');
    // React attached nothing to the static link; the hydrated button reacts, and its re-render leaves the part alone.
    expect(Object.keys(container.querySelector('a')!).some((k) => k.startsWith('__reactFiber$'))).toBe(false);
    expect(Object.keys(container.querySelector('button')!).some((k) => k.startsWith('__reactFiber$'))).toBe(true);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('Kliknięto 1');
    expect(container.querySelector('p.description')).toBe(serverParagraph);
    expect(renders).toBe(0);
    act(() => root.unmount());
  });

  it('renders its children in the browser once the content differs from the server’s', async () => {
    const { container, root } = await hydrateServerHtml('Szelki z taśmy');
    await act(async () => showText('Smycz przepinana'));
    expect(renders).toBe(1);
    expect(container.querySelectorAll('p.description')).toHaveLength(1);
    expect(container.querySelector('p.description')?.textContent).toBe('Smycz przepinana Pielęgnacja');
    act(() => root.unmount());
  });
});
