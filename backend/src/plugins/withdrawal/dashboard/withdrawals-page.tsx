/**
 * Withdrawals from contracts, newest first: the order, who, when, the withdrawn lines and the
 * state; staff mark a received withdrawal as accepted (the goods are expected back or refunded).
 * Talks to the plugin's Admin API (withdrawals, setWithdrawalState in ../api/withdrawal.api-extensions.ts).
 */
import {
  Badge,
  Button,
  Card,
  CardContent,
  DetailPageButton,
  FullWidthPageBlock,
  Page,
  PageLayout,
  PageTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  api,
  usePermissions,
} from '@vendure/dashboard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

interface Withdrawal {
  id: string;
  createdAt: string;
  orderId: string;
  orderCode: string;
  name: string;
  emailAddress: string;
  state: string;
  lines: Array<{ orderLineId: string; productName: string; quantity: number }>;
}

const LIST = /* GraphQL */ `
    query Withdrawals($take: Int) {
        withdrawals(take: $take) {
            totalItems
            items { id createdAt orderId orderCode name emailAddress state lines { orderLineId productName quantity } }
        }
    }
`;
const SET_STATE = /* GraphQL */ `mutation SetWithdrawalState($id: ID!, $state: String!) { setWithdrawalState(id: $id, state: $state) { id state } }`;
const STATE_LABEL: Record<string, string> = { received: 'przyjęte do rozpatrzenia', accepted: 'uznane' };

export function WithdrawalsPage() {
  const queryClient = useQueryClient();
  const { hasPermissions } = usePermissions();
  const canUpdate = hasPermissions(['UpdateOrder']);
  const list = useQuery({
    queryKey: ['withdrawals'],
    queryFn: () => api.query<{ withdrawals: { totalItems: number; items: Withdrawal[] } }>(LIST, { take: 100 }),
  });
  const accept = useMutation({
    mutationFn: (id: string) => api.mutate(SET_STATE, { id, state: 'accepted' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['withdrawals'] }),
  });
  const items = list.data?.withdrawals.items ?? [];

  return (
    <Page pageId="withdrawals">
      <PageTitle>Odstąpienia od umowy</PageTitle>
      <PageLayout>
        {/* the whole width: six columns, the lines and the action do not fit beside the Dashboard's side column */}
        <FullWidthPageBlock blockId="withdrawals-list">
          <Card>
            <CardContent>
              {list.isError ? (
                <p role="alert" className="text-destructive">
                  Nie udało się wczytać odstąpień: {String((list.error as Error).message)}
                </p>
              ) : list.isLoading ? (
                <p className="text-muted-foreground">Wczytywanie…</p>
              ) : items.length === 0 ? (
                <p className="text-muted-foreground">Nikt jeszcze nie odstąpił od umowy.</p>
              ) : (
                <>
                  <p className="text-muted-foreground mb-3">
                    Zwrot pieniędzy za uznane odstąpienie: otwórz zamówienie (jego kod w pierwszej kolumnie), w menu ⋮ wybierz „Zwróć i
                    anuluj” i zaznacz wycofane pozycje. Płatność online wraca do klienta przez Przelewy24.
                  </p>
                  <Table aria-label="Odstąpienia od umowy">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Zamówienie</TableHead>
                        <TableHead>Klient</TableHead>
                        <TableHead>Zgłoszone</TableHead>
                        <TableHead>Pozycje</TableHead>
                        <TableHead>Stan</TableHead>
                        <TableHead>
                          <span className="sr-only">Akcje</span>
                        </TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {items.map((w) => (
                        <TableRow key={w.id}>
                          <TableCell className="font-mono">
                            <DetailPageButton href={`/orders/${w.orderId}`} label={w.orderCode} />
                          </TableCell>
                          <TableCell>
                            <div>{w.name}</div>
                            <div className="text-muted-foreground">{w.emailAddress}</div>
                          </TableCell>
                          <TableCell>{new Date(w.createdAt).toLocaleString('pl-PL')}</TableCell>
                          <TableCell className="whitespace-normal">
                            <ul>
                              {w.lines.map((line) => (
                                <li key={line.orderLineId}>
                                  {line.quantity} × {line.productName}
                                </li>
                              ))}
                            </ul>
                          </TableCell>
                          <TableCell>
                            <Badge variant={w.state === 'accepted' ? 'success' : 'warning'}>{STATE_LABEL[w.state] ?? w.state}</Badge>
                          </TableCell>
                          <TableCell>
                            {canUpdate && w.state === 'received' ? (
                              <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate(w.id)}>
                                Uznaj
                              </Button>
                            ) : null}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </>
              )}
            </CardContent>
          </Card>
        </FullWidthPageBlock>
      </PageLayout>
    </Page>
  );
}
