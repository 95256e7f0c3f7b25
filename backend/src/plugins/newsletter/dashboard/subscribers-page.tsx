/**
 * Newsletter subscribers, newest first, with their status (pending until the opt-in link is
 * followed) and dates; "Eksportuj CSV" downloads every confirmed one (or all) as a CSV file with
 * the consent dates, for the mailing tool. Talks to the plugin's Admin API (newsletterSubscribers).
 */
import {
  Badge,
  Button,
  Page,
  PageActionBar,
  PageActionBarRight,
  PageBlock,
  PageLayout,
  PageTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  api,
} from '@vendure/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

interface Subscriber {
  id: string;
  emailAddress: string;
  status: 'pending' | 'confirmed';
  consentedAt: string;
  confirmedAt: string | null;
  customerId: string | null;
}
type SubscriberPage = { newsletterSubscribers: { totalItems: number; items: Subscriber[] } };

const LIST = /* GraphQL */ `
    query NewsletterSubscribers($status: String, $skip: Int, $take: Int) {
        newsletterSubscribers(status: $status, skip: $skip, take: $take) {
            totalItems
            items { id emailAddress status consentedAt confirmedAt customerId }
        }
    }
`;
const PAGE = 500;

/** One CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function exportCsv(status: string | null): Promise<void> {
  const rows: Subscriber[] = [];
  for (let skip = 0; ; skip += PAGE) {
    const page = await api.query<SubscriberPage>(LIST, { status, skip, take: PAGE });
    rows.push(...page.newsletterSubscribers.items);
    if (rows.length >= page.newsletterSubscribers.totalItems || page.newsletterSubscribers.items.length === 0) break;
  }
  const lines = [
    'email,status,consented_at,confirmed_at,customer_id',
    ...rows.map((r) => [r.emailAddress, r.status, r.consentedAt, r.confirmedAt ?? '', r.customerId ?? ''].map(csvField).join(',')),
  ];
  const url = URL.createObjectURL(new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `newsletter-${status ?? 'wszyscy'}-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

export function SubscribersPage() {
  const [status, setStatus] = useState<string | null>('confirmed');
  const [exporting, setExporting] = useState(false);
  const list = useQuery({
    queryKey: ['newsletter-subscribers', status],
    queryFn: () => api.query<SubscriberPage>(LIST, { status, skip: 0, take: 100 }),
  });
  const items = list.data?.newsletterSubscribers.items ?? [];
  const total = list.data?.newsletterSubscribers.totalItems ?? 0;

  return (
    <Page pageId="newsletter-subscribers">
      <PageTitle>Newsletter: subskrybenci</PageTitle>
      <PageActionBar>
        <PageActionBarRight>
          <Button
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              exportCsv(status).finally(() => setExporting(false));
            }}
          >
            Eksportuj CSV
          </Button>
        </PageActionBarRight>
      </PageActionBar>
      <PageLayout>
        <PageBlock column="main" blockId="newsletter-subscribers-list">
          <div className="mb-4 flex gap-2" role="group" aria-label="Stan zapisu">
            {[
              { value: 'confirmed', label: 'Potwierdzeni' },
              { value: 'pending', label: 'Oczekujący na potwierdzenie' },
              { value: null, label: 'Wszyscy' },
            ].map((option) => (
              <Button
                key={option.label}
                size="sm"
                variant={status === option.value ? 'default' : 'outline'}
                aria-pressed={status === option.value}
                onClick={() => setStatus(option.value)}
              >
                {option.label}
              </Button>
            ))}
          </div>
          {list.isError ? (
            <p role="alert" className="text-destructive">
              Nie udało się wczytać subskrybentów: {String((list.error as Error).message)}
            </p>
          ) : list.isLoading ? (
            <p className="text-muted-foreground">Wczytywanie…</p>
          ) : items.length === 0 ? (
            <p className="text-muted-foreground">Brak subskrybentów w tym stanie.</p>
          ) : (
            <>
              <p className="mb-2 text-muted-foreground">
                {total > items.length ? `Najnowsi ${items.length} z ${total}; eksport obejmuje wszystkich.` : `${total} adresów.`}
              </p>
              <Table aria-label="Subskrybenci newslettera">
                <TableHeader>
                  <TableRow>
                    <TableHead>Adres e-mail</TableHead>
                    <TableHead>Stan</TableHead>
                    <TableHead>Zgoda</TableHead>
                    <TableHead>Potwierdzenie</TableHead>
                    <TableHead>Konto klienta</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>{s.emailAddress}</TableCell>
                      <TableCell>
                        <Badge variant={s.status === 'confirmed' ? 'success' : 'secondary'}>
                          {s.status === 'confirmed' ? 'potwierdzony' : 'oczekuje'}
                        </Badge>
                      </TableCell>
                      <TableCell>{new Date(s.consentedAt).toLocaleString('pl-PL')}</TableCell>
                      <TableCell>{s.confirmedAt ? new Date(s.confirmedAt).toLocaleString('pl-PL') : '—'}</TableCell>
                      <TableCell>{s.customerId ? 'tak' : 'nie'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </PageBlock>
      </PageLayout>
    </Page>
  );
}
