/**
 * The order list's bulk actions (decision 113): create the selected orders' InPost shipments (each
 * with its default size; one notice per refused order with its reason) and open their labels
 * merged into one PDF (ShipX's bulk label call, at most 100), and order InPost's courier to collect
 * their parcels (ShipX's dispatch order, sending method dispatch_order). Admin API:
 * createInpostShipments, inpostLabels, orderInpostPickup.
 */
import { type BulkActionComponent, DataTableBulkActionItem, api, toast, usePaginatedList } from '@vendure/dashboard';

interface Order {
  id: string;
  code?: string;
}

const CREATE = /* GraphQL */ `
    mutation CreateInpostShipments($orderIds: [ID!]!) {
        createInpostShipments(orderIds: $orderIds) { orderId shipment { status } error }
    }
`;
const PICKUP = /* GraphQL */ `
    mutation OrderInpostPickup($orderIds: [ID!]!) { orderInpostPickup(orderIds: $orderIds) { dispatchOrderId orderCodes error } }
`;
const LABELS = /* GraphQL */ `
    query InpostLabels($orderIds: [ID!]!) { inpostLabels(orderIds: $orderIds) { fileName pdfBase64 error } }
`;

export const CreateInpostShipmentsBulkAction: BulkActionComponent<Order> = ({ selection, table }) => {
  const { refetchPaginatedList } = usePaginatedList();
  const run = async () => {
    const codes = new Map(selection.map((o) => [String(o.id), o.code ?? String(o.id)]));
    const r = await api.mutate<{
      createInpostShipments: Array<{ orderId: string; shipment: { status: string } | null; error: string | null }>;
    }>(CREATE, { orderIds: selection.map((o) => o.id) });
    const created = r.createInpostShipments.filter((x) => x.shipment);
    if (created.length) toast.success(`Utworzono przesyłki InPost: ${created.length}`);
    for (const x of r.createInpostShipments.filter((x) => x.error)) toast.error(`${codes.get(String(x.orderId)) ?? x.orderId}: ${x.error}`);
    refetchPaginatedList();
    table.resetRowSelection();
  };
  return <DataTableBulkActionItem label="Utwórz przesyłki InPost" requiresPermission={['UpdateOrder']} onClick={() => void run()} />;
};

export const InpostLabelsBulkAction: BulkActionComponent<Order> = ({ selection }) => {
  const run = async () => {
    const tab = window.open('', '_blank');
    const r = await api.query<{ inpostLabels: { pdfBase64: string | null; error: string | null } }>(LABELS, {
      orderIds: selection.map((o) => o.id),
    });
    if (!r.inpostLabels.pdfBase64) {
      tab?.close();
      toast.error(r.inpostLabels.error ?? 'Nie udało się pobrać etykiet.');
      return;
    }
    const bytes = Uint8Array.from(atob(r.inpostLabels.pdfBase64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  };
  return <DataTableBulkActionItem label="Etykiety InPost (PDF)" requiresPermission={['ReadOrder']} onClick={() => void run()} />;
};

export const InpostPickupBulkAction: BulkActionComponent<Order> = ({ selection, table }) => {
  const { refetchPaginatedList } = usePaginatedList();
  const run = async () => {
    const r = await api.mutate<{ orderInpostPickup: { dispatchOrderId: string | null; orderCodes: string[]; error: string | null } }>(
      PICKUP,
      {
        orderIds: selection.map((o) => o.id),
      },
    );
    const p = r.orderInpostPickup;
    if (p.error || !p.dispatchOrderId) {
      toast.error(p.error ?? 'Nie udało się zamówić kuriera.');
      return;
    }
    toast.success(`Kurier InPost zamówiony (zlecenie ${p.dispatchOrderId}) po paczki: ${p.orderCodes.join(', ')}`);
    refetchPaginatedList();
    table.resetRowSelection();
  };
  return (
    <DataTableBulkActionItem label="Zamów kuriera InPost (odbiór paczek)" requiresPermission={['UpdateOrder']} onClick={() => void run()} />
  );
};
