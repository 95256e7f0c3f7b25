import { graphql } from './graphql';

/** Spec §7 log-in and account life cycle: log in and out, register, verify, reset the password, confirm an e-mail change. */

export const login = graphql(`
  mutation login($username: String!, $password: String!, $rememberMe: Boolean) {
    login(username: $username, password: $password, rememberMe: $rememberMe) {
      ... on CurrentUser { id identifier }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const logout = graphql(`
  mutation logout {
    logout { success }
  }
`);

export const registerCustomerAccount = graphql(`
  mutation registerCustomerAccount($input: RegisterCustomerInput!) {
    registerCustomerAccount(input: $input) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const verifyCustomerAccount = graphql(`
  mutation verifyCustomerAccount($token: String!, $password: String) {
    verifyCustomerAccount(token: $token, password: $password) {
      ... on CurrentUser { id identifier }
      ... on ErrorResult { errorCode message }
    }
  }
`);

export const requestPasswordReset = graphql(`
  mutation requestPasswordReset($emailAddress: String!) {
    requestPasswordReset(emailAddress: $emailAddress) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/** Spec: success when the response carries an id. */
export const resetPassword = graphql(`
  mutation resetPassword($tokenValue: String!, $newPassword: String!) {
    resetPassword(token: $tokenValue, password: $newPassword) {
      ... on CurrentUser { id identifier }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/** A new activation e-mail (`/verify` with an expired link). */
export const refreshCustomerVerification = graphql(`
  mutation refreshCustomerVerification($emailAddress: String!) {
    refreshCustomerVerification(emailAddress: $emailAddress) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);

/** The confirmation link of an e-mail change (`/verify?token=…&change=1`, dev mailbox `email-change`). */
export const confirmCustomerEmailAddress = graphql(`
  mutation confirmCustomerEmailAddress($token: String!) {
    updateCustomerEmailAddress(token: $token) {
      ... on Success { success }
      ... on ErrorResult { errorCode message }
    }
  }
`);
