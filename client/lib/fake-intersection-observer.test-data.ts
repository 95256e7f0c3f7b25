/**
 * The browser's IntersectionObserver as a component test drives it (happy-dom has none): stub the
 * global with it (`vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)`), read what is
 * observed from `FakeIntersectionObserver.last`, and report an element in or out of view with `show`.
 */
export class FakeIntersectionObserver {
  /** The observer constructed last (reset it in the test's set-up). */
  static last: FakeIntersectionObserver | null = null;
  readonly observed = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Reports `element` as coming into view (`isIntersecting` false: as leaving it). */
  show(element: Element, isIntersecting = true) {
    const entry = { target: element, isIntersecting } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}
