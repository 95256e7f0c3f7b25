/**
 * The invoices plugin's part of Vendure's Dashboard (issue 40, slice E; decision 121): the
 * "Faktury" screen at /dashboard/faktury under "Sprzedaż" (newest first; filters "czekające na
 * KSeF" and "odrzucone"; the PDF; the e-mail sent again), and a "Faktury" block on the order page
 * listing the order's invoices with the same columns. Built by Vite with the Dashboard, never by
 * the backend's tsc.
 */
import { defineDashboardExtension } from '@vendure/dashboard';
import { ReceiptTextIcon } from 'lucide-react';
import { InvoicesPage } from './invoices-page';
import { OrderInvoicesBlock } from './order-invoices-block';

defineDashboardExtension({
  routes: [
    {
      path: '/faktury',
      component: () => <InvoicesPage />,
      navMenuItem: {
        sectionId: 'sales',
        id: 'invoices',
        title: 'Faktury',
        icon: ReceiptTextIcon,
        order: 150,
        requiresPermission: ['ReadOrder'],
      },
    },
  ],
  pageBlocks: [
    {
      id: 'order-invoices',
      title: 'Faktury',
      location: { pageId: 'order-detail', column: 'main', position: { blockId: 'payment-details', order: 'after' } },
      component: ({ context }) => <OrderInvoicesBlock orderId={String((context.entity as { id?: string } | undefined)?.id ?? '')} />,
      requiresPermission: ['ReadOrder'],
    },
  ],
});
