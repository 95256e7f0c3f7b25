/**
 * The costly GraphQL documents of the issue-44 probe, shared by the worker's hostile tests, the
 * query limits' unit test and the e2e suite that sends them to a running stack (both profiles).
 */

/** `depth` levels of `facets { values { facet { values … } } }` split into `chunks` chained fragments. */
export function chainedFragments(depth: number, chunks: number): string {
  const per = Math.ceil(depth / chunks);
  const fragments = Array.from({ length: chunks }, (_, i) => {
    const open = Array.from({ length: per }, (_, j) => ((i * per + j) % 2 === 0 ? 'values {' : 'facet {')).join(' ');
    return `fragment F${i} on Facet { id ${open} ${i + 1 < chunks ? `...F${i + 1}` : 'id'} ${'}'.repeat(per)} }`;
  });
  return `query { facets { items { ...F0 } } } ${fragments.join(' ')}`;
}

/** `levels` fragments, each spreading the next `times` times: fields that multiply at every level. */
export const fanOut = (levels: number, times: number) =>
  `{ facets { items { ...L0 } } } ${Array.from(
    { length: levels },
    (_, i) => `fragment L${i} on Facet { values { facet { ${i + 1 < levels ? `...L${i + 1} `.repeat(times) : 'id'} } } }`,
  ).join(' ')}`;
