import { graphql } from '../../client/graphql/graphql';

/** The withdrawal form (issue 24; backend plugins/withdrawal). */

export const withdrawalOrder = graphql(`
  query withdrawalOrder($code: String!, $emailAddress: String!) {
    withdrawalOrder(code: $code, emailAddress: $emailAddress) {
      code
      open
      reason
      deadline
      lines { orderLineId productName variantName quantity eligible reason }
    }
  }
`);

export const requestWithdrawal = graphql(`
  mutation requestWithdrawal($input: RequestWithdrawalInput!) {
    requestWithdrawal(input: $input) {
      id
      createdAt
      orderCode
      emailAddress
      lines { orderLineId productName quantity }
    }
  }
`);
