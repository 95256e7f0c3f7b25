/**
 * The invoices as staff read them, shared by the "Faktury" screen and the order page's block:
 * number, date, order, buyer (name and NIP), gross total, the KSeF state in Polish (a rejection
 * with KSeF's reason) and the KSeF number, the PDF (the backend's own signed path: the Dashboard
 * is served by the same origin) and "Wyślij ponownie e-mail" for staff who may update orders.
 */
import {
  Badge,
  Button,
  DetailPageButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  api,
  usePermissions,
} from '@vendure/dashboard';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

export interface StaffInvoice {
  id: string;
  kind: string;
  number: string;
  issueDate: string;
  orderId: string;
  orderCode: string;
  buyerName: string;
  buyerNip: string | null;
  totalGross: number;
  ksefState: string;
  ksefStateLabel: string;
  ksefNumber: string | null;
  adminPdfUrl: string;
}

export const INVOICE_FIELDS =
  'id kind number issueDate orderId orderCode buyerName buyerNip totalGross ksefState ksefStateLabel ksefNumber adminPdfUrl';

const RESEND = /* GraphQL */ `mutation ResendInvoiceEmail($id: ID!) { resendInvoiceEmail(invoiceId: $id) { emailAddress } }`;

const zl = (grosze: number) => (grosze / 100).toLocaleString('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + ' zł';

const BADGE: Record<string, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  accepted: 'success',
  waiting: 'warning',
  sending: 'warning',
  rejected: 'destructive',
  outside: 'secondary',
};

export function InvoiceTable({ invoices, showOrder, label }: { invoices: StaffInvoice[]; showOrder: boolean; label: string }) {
  const { hasPermissions } = usePermissions();
  const canResend = hasPermissions(['UpdateOrder']);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const resend = useMutation({
    mutationFn: (invoice: StaffInvoice) =>
      api.mutate<{ resendInvoiceEmail: { emailAddress: string } }>(RESEND, { id: invoice.id }).then((r) => ({ invoice, r })),
    onSuccess: ({ invoice, r }) =>
      setNotice({ ok: true, text: `Faktura ${invoice.number} wysłana ponownie na ${r.resendInvoiceEmail.emailAddress}.` }),
    onError: (e) => setNotice({ ok: false, text: `Nie udało się wysłać faktury: ${(e as Error).message}` }),
  });
  return (
    <>
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'text-success mb-3' : 'text-destructive mb-3'}>
          {notice.text}
        </p>
      ) : null}
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>Numer</TableHead>
            <TableHead>Data</TableHead>
            {showOrder ? <TableHead>Zamówienie</TableHead> : null}
            <TableHead>Nabywca</TableHead>
            <TableHead>Brutto</TableHead>
            <TableHead>KSeF</TableHead>
            <TableHead>Numer KSeF</TableHead>
            <TableHead>
              <span className="sr-only">PDF i e-mail</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((inv) => (
            <TableRow key={inv.id}>
              <TableCell className="font-mono">
                {inv.number}
                {inv.kind === 'KOR' ? <div className="text-muted-foreground font-sans">korygująca</div> : null}
              </TableCell>
              <TableCell>{inv.issueDate}</TableCell>
              {showOrder ? (
                <TableCell className="font-mono">
                  <DetailPageButton href={`/orders/${inv.orderId}`} label={inv.orderCode} />
                </TableCell>
              ) : null}
              <TableCell className="whitespace-normal">
                <div>{inv.buyerName}</div>
                <div className="text-muted-foreground">{inv.buyerNip ? `NIP ${inv.buyerNip}` : 'konsument (bez NIP)'}</div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{zl(inv.totalGross)}</TableCell>
              <TableCell className="whitespace-normal">
                <Badge variant={BADGE[inv.ksefState] ?? 'secondary'} className="whitespace-normal h-auto">
                  {inv.ksefStateLabel}
                </Badge>
              </TableCell>
              <TableCell className="font-mono">{inv.ksefNumber ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap">
                <a href={inv.adminPdfUrl} target="_blank" rel="noopener" className="underline mr-3">
                  PDF<span className="sr-only"> faktury {inv.number}</span>
                </a>
                {canResend ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={resend.isPending}
                    aria-label={`Wyślij ponownie e-mail z fakturą ${inv.number}`}
                    onClick={() => resend.mutate(inv)}
                  >
                    Wyślij ponownie e-mail
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
