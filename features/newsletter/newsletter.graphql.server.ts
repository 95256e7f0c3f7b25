import { graphql } from '../../client/graphql/graphql';

/** Newsletter sign-up and its opt-in confirmation (backend/src/plugins/newsletter). Worker only. */
export const subscribeToNewsletter = graphql(`
  mutation subscribeToNewsletter($email: String!, $consent: Boolean!) {
    subscribeToNewsletter(email: $email, consent: $consent) { status }
  }
`);

export const confirmNewsletter = graphql(`
  mutation confirmNewsletter($token: String!) {
    confirmNewsletter(token: $token) { status }
  }
`);
