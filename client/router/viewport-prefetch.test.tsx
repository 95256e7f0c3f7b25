import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../lib/fake-intersection-observer.test-data';
import { pageOf, startViewportPrefetch, type ViewportPrefetch } from './viewport-prefetch';

/*
 * Viewport prefetch of page code (decision 128): when it starts, and how many links it watches.
 * Runs in the component project (a DOM with window events); the browser's IntersectionObserver is
 * replaced by one the test drives.
 */
const hrefs = (els: Iterable<Element>) => [...els].map((el) => el.getAttribute('href')).sort();
const fire = (type: string) => window.dispatchEvent(new Event(type));

let prefetch: ViewportPrefetch | null = null;
let asked: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  FakeIntersectionObserver.last = null;
  asked = [];
  document.body.innerHTML = `
    <a href="/p/1/szelki-guard">Szelki</a>
    <a href="/p/1/szelki-guard#opinie">Opinie</a>
    <a href="/p/2/smycz">Smycz</a>
    <a href="/c/dla-psa/akcesoria/szelki">Szelki (kategoria)</a>
    <a href="/koszyk-nie-istnieje/x/y/z">Nieznana</a>
    <a href="https://example.com/p/3/obca">Obca</a>
    <a href="/p/4/nowa-karta" target="_blank">Nowa karta</a>`;
  prefetch = startViewportPrefetch(
    (href) => asked.push(new URL(href).pathname),
    () => 'CategoryPage',
  );
});

afterEach(() => {
  prefetch?.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('viewport prefetch', () => {
  it('watches nothing until the first interaction has ended, and waits for the tap’s click, not its pointerdown', async () => {
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeIntersectionObserver.last).toBeNull();
    fire('pointerdown');
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeIntersectionObserver.last).toBeNull();
    fire('click');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeIntersectionObserver.last).not.toBeNull();
  });

  it('starts after a scroll once it has ended, or a second after an interaction that never ends', async () => {
    fire('scroll');
    fire('scrollend');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeIntersectionObserver.last).not.toBeNull();
    prefetch!.stop();

    FakeIntersectionObserver.last = null;
    prefetch = startViewportPrefetch(
      () => {},
      () => null,
    );
    fire('touchstart');
    await vi.advanceTimersByTimeAsync(900);
    expect(FakeIntersectionObserver.last).toBeNull();
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeIntersectionObserver.last).not.toBeNull();
  });

  it('watches links to pages not loaded yet, and one product link in view stops the watch of the others', async () => {
    fire('keydown');
    fire('keyup');
    await vi.advanceTimersByTimeAsync(1000);
    const observer = FakeIntersectionObserver.last!;
    // The category page is shown: its code is loaded. Unknown routes, other origins and new tabs are not the router's.
    expect(hrefs(observer.observed)).toEqual(['/p/1/szelki-guard', '/p/1/szelki-guard#opinie', '/p/2/smycz']);
    observer.show(document.querySelector('a[href="/p/2/smycz"]')!);
    expect(asked).toEqual(['/p/2/smycz']);
    expect(observer.observed.size).toBe(0);
    // A later navigation's links to the product page are not watched again.
    document.body.insertAdjacentHTML('beforeend', '<a href="/p/9/obroza">Obroża</a>');
    prefetch!.scan();
    expect(observer.observed.size).toBe(0);
  });

  it('forgets links a navigation removed', async () => {
    fire('pointerdown');
    fire('click');
    await vi.advanceTimersByTimeAsync(1000);
    const observer = FakeIntersectionObserver.last!;
    expect(observer.observed.size).toBe(3);
    document.body.innerHTML = '<a href="/c/dla-psa">Dla psa</a><a href="/obsluga-klienta/faq">FAQ</a>';
    prefetch!.scan();
    expect(hrefs(observer.observed)).toEqual(['/obsluga-klienta/faq']);
  });
});

describe('pageOf', () => {
  it('names the page of a same-origin link to a known route, opened in this tab', () => {
    document.body.innerHTML = '<a href="/p/1/x">a</a><a href="https://example.com/p/1/x">b</a><a href="/p/1/x" download>c</a>';
    expect([...document.querySelectorAll('a')].map(pageOf)).toEqual(['ProductPage', null, null]);
  });
});
