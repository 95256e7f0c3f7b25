/**
 * The order page's "Faktury" block: the order's invoices (the invoice and its corrections) with
 * the same columns as the "Faktury" screen. Admin API: order(id) { invoices }, resendInvoiceEmail.
 */
import { api } from '@vendure/dashboard';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_FIELDS, InvoiceTable, type StaffInvoice } from './invoice-table';

const ORDER_INVOICES = /* GraphQL */ `
    query OrderInvoices($id: ID!) { order(id: $id) { id invoices { ${INVOICE_FIELDS} } } }
`;

export function OrderInvoicesBlock({ orderId }: { orderId: string }) {
  const invoices = useQuery({
    queryKey: ['order-invoices', orderId],
    queryFn: () => api.query<{ order: { invoices: StaffInvoice[] } | null }>(ORDER_INVOICES, { id: orderId }),
    enabled: orderId !== '',
  });
  if (invoices.isError)
    return (
      <p role="alert" className="text-destructive">
        Nie udało się wczytać faktur: {String((invoices.error as Error).message)}
      </p>
    );
  if (invoices.isLoading) return <p className="text-muted-foreground">Wczytywanie…</p>;
  const items = invoices.data?.order?.invoices ?? [];
  if (!items.length) return <p className="text-muted-foreground">To zamówienie nie ma faktur.</p>;
  return <InvoiceTable invoices={items} showOrder={false} label="Faktury zamówienia" />;
}
