/**
 * The InPost shipments plugin's part of Vendure's Dashboard (decision 113): an "InPost" block on
 * the order page, after the payments: create the locker shipment (size A/B/C), its status as
 * ShipX reports it, the tracking number, the label (A4 or A6 PDF), cancel while unconfirmed; and
 * three bulk actions in the order list (shipments for the selected orders, their labels in one
 * PDF, InPost's courier ordered to collect their parcels).
 */
import { defineDashboardExtension } from '@vendure/dashboard';
import { CreateInpostShipmentsBulkAction, InpostLabelsBulkAction, InpostPickupBulkAction } from './inpost-bulk-actions';
import { InpostShipmentBlock } from './inpost-shipment-block';

defineDashboardExtension({
  pageBlocks: [
    {
      id: 'inpost-shipment',
      title: 'InPost',
      location: { pageId: 'order-detail', column: 'main', position: { blockId: 'payment-details', order: 'before' } },
      component: ({ context }) => <InpostShipmentBlock orderId={String((context.entity as { id?: string } | undefined)?.id ?? '')} />,
      requiresPermission: ['ReadOrder'],
    },
  ],
  // the order list: several orders' shipments at once, their labels in one PDF, the courier's pickup
  dataTables: [
    {
      pageId: 'order-list',
      bulkActions: [
        { component: CreateInpostShipmentsBulkAction },
        { component: InpostLabelsBulkAction },
        { component: InpostPickupBulkAction },
      ],
    },
  ],
});
