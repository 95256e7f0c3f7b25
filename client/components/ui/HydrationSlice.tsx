import { type ReactNode, Suspense, useState } from 'react';
import { enqueueSlice } from '../../lib/chunks/hydration-slices';
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
function Waiting({ turn, children }: { turn: Turn | null; children: ReactNode }) {
  if (turn && !turn.done) throw turn.promise;
  return <>{children}</>;
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
