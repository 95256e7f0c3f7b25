/**
 * The order's Przelewy24 sessions, newest first: when, status, amount and P24's transaction id.
 * Empty (one line) for an order paid otherwise. Admin API: onlinePaymentSessions(orderId).
 */
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, api } from '@vendure/dashboard';
import { useQuery } from '@tanstack/react-query';

interface Session {
  id: string;
  createdAt: string;
  sessionId: string;
  status: string;
  amount: number;
  currency: string;
  transactionId: string | null;
}

const SESSIONS = /* GraphQL */ `
    query OnlinePaymentSessions($orderId: ID!) {
        onlinePaymentSessions(orderId: $orderId) { id createdAt sessionId status amount currency transactionId }
    }
`;
const STATUS_LABEL: Record<string, string> = {
  registered: 'rozpoczęta',
  paid: 'opłacona',
  failed: 'nieudana',
  cancelled: 'anulowana',
  error: 'błąd bramki',
  'verify-failed': 'weryfikacja nieudana',
  mismatch: 'niezgodna kwota',
  'blik-pending': 'BLIK: czeka na potwierdzenie',
  'blik-declined': 'BLIK: odrzucona',
  refunded: 'zwrócona',
  'refund-failed': 'zwrot nieudany',
};

export function P24TransactionsBlock({ orderId }: { orderId: string }) {
  const sessions = useQuery({
    queryKey: ['online-payment-sessions', orderId],
    queryFn: () => api.query<{ onlinePaymentSessions: Session[] }>(SESSIONS, { orderId }),
    enabled: orderId !== '',
  });
  if (sessions.isError)
    return (
      <p role="alert" className="text-destructive">
        Nie udało się wczytać transakcji Przelewy24.
      </p>
    );
  const items = sessions.data?.onlinePaymentSessions ?? [];
  if (sessions.isLoading) return <p className="text-muted-foreground">Wczytywanie…</p>;
  if (items.length === 0) return <p className="text-muted-foreground">Zamówienie nie było płacone przez Przelewy24.</p>;
  return (
    <Table aria-label="Transakcje Przelewy24">
      <TableHeader>
        <TableRow>
          <TableHead>Rozpoczęta</TableHead>
          <TableHead>Stan</TableHead>
          <TableHead>Kwota</TableHead>
          <TableHead>ID transakcji P24</TableHead>
          <TableHead>ID sesji</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((s) => (
          <TableRow key={s.id}>
            <TableCell>{new Date(s.createdAt).toLocaleString('pl-PL')}</TableCell>
            <TableCell>
              <Badge
                variant={
                  s.status === 'paid' ? 'success' : s.status === 'registered' || s.status === 'blik-pending' ? 'secondary' : 'warning'
                }
              >
                {STATUS_LABEL[s.status] ?? s.status}
              </Badge>
            </TableCell>
            <TableCell>{(s.amount / 100).toLocaleString('pl-PL', { style: 'currency', currency: s.currency })}</TableCell>
            <TableCell className="font-mono">{s.transactionId ?? '—'}</TableCell>
            <TableCell className="font-mono text-muted-foreground">{s.sessionId}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
