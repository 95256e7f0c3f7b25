import { type ReactNode, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { enqueueSlice, enqueueWhenNear, forgetSlice } from '../../lib/chunks/hydration-slices';
import { firstHydration } from './StaticPart';

interface Turn {
  done: boolean;
  promise: Promise<void>;
}

/** The slice's turn in the queue: the promise the waiting part suspends on. */
function takeTurn(): Turn {
  const turn: Turn = { done: false, promise: Promise.resolve() };
  turn.promise = new Promise<void>((resolve) =>
    enqueueSlice(() => {
      turn.done = true;
      resolve();
    }),
  );
  return turn;
}

/** Suspends until the slice's turn; then renders the part, hydrating the server's HTML of it. */
function Waiting({ turn, onHydrated, children }: { turn: Turn | null; onHydrated?: () => void; children: ReactNode }) {
  if (turn && !turn.done) throw turn.promise;
  return (
    <>
      {children}
      {onHydrated && <Hydrated then={onHydrated} />}
    </>
  );
}

/** Calls `then` as the part's hydration commits. Renders nothing. */
function Hydrated({ then }: { then: () => void }) {
  useLayoutEffect(then, [then]);
  return null;
}

/**
 * A part of a page hydrated in a task of its own, right after the page's first hydration (decision
 * 125): the page's hydration is cut into slices, so no task of it runs long on a phone. The server
 * renders the part as usual; the browser's first hydration keeps its HTML and walks it in the
 * slice's turn (client/lib/chunks/hydration-slices.ts: one slice a task, all of them at once on the
 * shopper's first input, the effects of the page after the last slice). Rendered later (a client
 * navigation), it renders the part at once.
 *
 * The part must render exactly one element: while it waits, the runtime (Preact, decision 122)
 * keeps the first element of the server's HTML in its place.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (firstHydration() ? takeTurn() : null));
  return (
    <Suspense fallback={null}>
      <Waiting turn={turn}>{children}</Waiting>
    </Suspense>
  );
}

/** A turn given once the slice's element nears the viewport (its element comes with the commit). */
interface NearTurn extends Turn {
  watch: (element: Element | null) => void;
}

function takeTurnWhenNear(): NearTurn {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  let watched: Element | null = null;
  const turn: NearTurn = {
    done: false,
    promise,
    watch(element) {
      if (turn.done) return;
      if (!element) {
        if (watched) forgetSlice(watched);
        return;
      }
      watched = element;
      enqueueWhenNear(element, () => {
        turn.done = true;
        resolve();
      });
    },
  };
  return turn;
}

/**
 * A part hydrated once it nears the viewport (decision 126): a product card of a listing or of
 * home. The page's first hydration walks only the wrapping element (`as`); a part in or near the
 * viewport then hydrates in the queue's next turns like a HydrationSlice, one further down when the
 * shopper scrolls it near (client/lib/chunks/hydration-slices.ts `enqueueWhenNear`), or at once when
 * a tap, a key or focus reaches into it first.
 *
 * By then the page's effects may have changed what the part is given (the view switched to a list),
 * and hydration keeps the server's attributes: so the part hydrates the children of the page's first
 * render, as the server rendered them, and renders the current ones right after, which writes the
 * differences. The stores need nothing of the kind: in hydration, the runtime's
 * `useSyncExternalStore` reads their first state (zustand's server snapshot), as the server did, and
 * renders again with today's. The part must render exactly one element.
 */
export function NearSlice({ as: Tag, children }: { as: 'li' | 'div'; children: ReactNode }) {
  const [turn] = useState(() => (firstHydration() ? takeTurnWhenNear() : null));
  const [serverChildren] = useState(children);
  const [current, setCurrent] = useState(!turn);
  const becomeCurrent = useCallback(() => setCurrent(true), []);
  const watch = useCallback((element: HTMLElement | null) => turn?.watch(element), [turn]);
  return (
    <Tag ref={watch}>
      <Suspense fallback={null}>
        <Waiting turn={turn} onHydrated={current ? undefined : becomeCurrent}>
          {current ? children : serverChildren}
        </Waiting>
      </Suspense>
    </Tag>
  );
}
