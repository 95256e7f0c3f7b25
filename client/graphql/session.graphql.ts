import { graphql } from './graphql';

/**
 * The two customer documents every page needs (client/stores/session.store.ts), kept apart from
 * customer.ts so the first load of a catalogue page carries only these few bytes; the login
 * modal and the account pages import customer.ts when they load.
 */

/** Spec §7 getActiveCustomer, as much of it as the header needs (the account pages ask for the rest). */
export const getSessionCustomer = graphql(`
  query getActiveCustomer {
    activeCustomer { id firstName lastName emailAddress }
  }
`);

export const logoutSession = graphql(`
  mutation logout {
    logout { success }
  }
`);
