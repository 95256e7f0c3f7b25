import { graphql } from './graphql';

/**
 * Fragments whose result types page data is built from. A page imports them as types only
 * (`import type`), so no GraphQL runtime reaches its chunk; the worker's documents spread them.
 */

/** An extra as the Shop API offers it on a variant (`ProductVariant.extras`): field, label, type, price table, limits. */
export const extraOfferFields = graphql(`
  fragment ExtraOfferFields on ExtraOffer @_unmask {
    field
    label
    type
    price
    min
    max
    unit
    chargeGroup
    options { value label price }
  }
`);
