/**
 * Review moderation: pending reviews first (oldest first, the order they came in), then the
 * others; approve or reject each. Talks to the plugin's Admin API (productReviews,
 * approveProductReview, rejectProductReview in ../api/reviews.api-extensions.ts).
 */
import {
  Badge,
  Button,
  Page,
  PageBlock,
  PageLayout,
  PageTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Tabs,
  TabsList,
  TabsTrigger,
  api,
  usePermissions,
} from '@vendure/dashboard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type ReviewState = 'PENDING' | 'APPROVED' | 'REJECTED';

interface AdminReview {
  id: string;
  createdAt: string;
  authorName: string;
  rating: number;
  title: string | null;
  text: string;
  verifiedPurchase: boolean;
  state: ReviewState;
  product: { id: string; name: string; slug: string } | null;
}

const LIST = /* GraphQL */ `
    query ReviewsForModeration($state: ProductReviewState, $take: Int) {
        productReviews(state: $state, take: $take) {
            totalItems
            items { id createdAt authorName rating title text verifiedPurchase state product { id name slug } }
        }
    }
`;
const APPROVE = /* GraphQL */ `mutation ApproveReview($id: ID!) { approveProductReview(id: $id) { id state } }`;
const REJECT = /* GraphQL */ `mutation RejectReview($id: ID!) { rejectProductReview(id: $id) { id state } }`;

const TABS: Array<{ state: ReviewState; label: string }> = [
  { state: 'PENDING', label: 'Oczekujące' },
  { state: 'APPROVED', label: 'Zatwierdzone' },
  { state: 'REJECTED', label: 'Odrzucone' },
];
const STATE_LABEL: Record<ReviewState, string> = { PENDING: 'oczekuje', APPROVED: 'zatwierdzona', REJECTED: 'odrzucona' };

export function ReviewsModerationPage() {
  const [state, setState] = useState<ReviewState>('PENDING');
  const queryClient = useQueryClient();
  const { hasPermissions } = usePermissions();
  const canModerate = hasPermissions(['ModerateProductReviews', 'UpdateCatalog']);
  const list = useQuery({
    queryKey: ['product-reviews', state],
    queryFn: () => api.query<{ productReviews: { totalItems: number; items: AdminReview[] } }>(LIST, { state, take: 100 }),
  });
  const moderate = useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) => api.mutate(approve ? APPROVE : REJECT, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['product-reviews'] }),
  });
  const items = [...(list.data?.productReviews.items ?? [])];
  // pending: the oldest first (first come, first moderated); the rest newest first as the API gives them
  if (state === 'PENDING') items.reverse();

  return (
    <Page pageId="product-reviews">
      <PageTitle>Opinie o produktach</PageTitle>
      <PageLayout>
        <PageBlock column="main" blockId="product-reviews-list">
          <Tabs value={state} onValueChange={(value) => setState(value as ReviewState)}>
            <TabsList>
              {TABS.map((tab) => (
                <TabsTrigger key={tab.state} value={tab.state}>
                  {tab.label}
                  {tab.state === state && list.data ? ` (${list.data.productReviews.totalItems})` : ''}
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          {list.isError ? (
            <p role="alert" className="mt-4 text-destructive">
              Nie udało się wczytać opinii: {String((list.error as Error).message)}
            </p>
          ) : list.isLoading ? (
            <p className="mt-4 text-muted-foreground">Wczytywanie…</p>
          ) : items.length === 0 ? (
            <p className="mt-4 text-muted-foreground">Brak opinii w tym stanie.</p>
          ) : (
            <Table className="mt-4" aria-label="Opinie">
              <TableHeader>
                <TableRow>
                  <TableHead>Produkt</TableHead>
                  <TableHead>Autor</TableHead>
                  <TableHead>Ocena</TableHead>
                  <TableHead>Treść</TableHead>
                  <TableHead>Dodana</TableHead>
                  <TableHead>Stan</TableHead>
                  <TableHead>
                    <span className="sr-only">Akcje</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((review) => (
                  <TableRow key={review.id} data-review-id={review.id}>
                    <TableCell>{review.product?.name ?? '(produkt usunięty)'}</TableCell>
                    <TableCell>
                      <div>{review.authorName}</div>
                      {review.verifiedPurchase ? (
                        <Badge variant="success" title="Autor kupił ten produkt w sklepie">
                          Zweryfikowany zakup
                        </Badge>
                      ) : (
                        <Badge variant="secondary">Zakup niepotwierdzony</Badge>
                      )}
                    </TableCell>
                    <TableCell aria-label={`${review.rating} na 5`}>{'★'.repeat(review.rating)}</TableCell>
                    <TableCell className="max-w-md whitespace-normal">
                      {review.title ? <div className="font-medium">{review.title}</div> : null}
                      <div>{review.text}</div>
                    </TableCell>
                    <TableCell>{new Date(review.createdAt).toLocaleString('pl-PL')}</TableCell>
                    <TableCell>{STATE_LABEL[review.state]}</TableCell>
                    <TableCell>
                      {canModerate ? (
                        <div className="flex gap-2">
                          {review.state !== 'APPROVED' ? (
                            <Button
                              size="sm"
                              disabled={moderate.isPending}
                              onClick={() => moderate.mutate({ id: review.id, approve: true })}
                            >
                              Zatwierdź
                            </Button>
                          ) : null}
                          {review.state !== 'REJECTED' ? (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={moderate.isPending}
                              onClick={() => moderate.mutate({ id: review.id, approve: false })}
                            >
                              Odrzuć
                            </Button>
                          ) : null}
                        </div>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </PageBlock>
      </PageLayout>
    </Page>
  );
}
