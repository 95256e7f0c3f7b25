/**
 * The online payment plugin's part of Vendure's Dashboard: a "Przelewy24" block on the order page,
 * after the payments, with the order's sessions at the gateway and P24's transaction id (what the
 * P24 panel and a customer's bank statement show). Built by Vite with the Dashboard.
 */
import { defineDashboardExtension } from '@vendure/dashboard';
import { P24TransactionsBlock } from './p24-transactions-block';

defineDashboardExtension({
  pageBlocks: [
    {
      id: 'p24-transactions',
      title: 'Przelewy24',
      location: { pageId: 'order-detail', column: 'main', position: { blockId: 'payment-details', order: 'after' } },
      component: ({ context }) => <P24TransactionsBlock orderId={String((context.entity as { id?: string } | undefined)?.id ?? '')} />,
      requiresPermission: ['ReadOrder'],
    },
  ],
});
