/**
 * "Faktury": the issued invoices, newest first (100 a page), all or only those waiting for KSeF or
 * rejected by it (with KSeF's reason). Admin API: invoices(options: { ksefState }), resendInvoiceEmail.
 */
import { Button, Card, CardContent, FullWidthPageBlock, Page, PageLayout, PageTitle, api } from '@vendure/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INVOICE_FIELDS, InvoiceTable, type StaffInvoice } from './invoice-table';

const LIST = /* GraphQL */ `
    query StaffInvoices($options: InvoiceListOptions) {
        invoices(options: $options) { totalItems items { ${INVOICE_FIELDS} } }
    }
`;
const FILTERS: Array<[string, string]> = [
  ['', 'Wszystkie'],
  ['waiting', 'Czekające na KSeF'],
  ['rejected', 'Odrzucone'],
];
const EMPTY: Record<string, string> = {
  '': 'Nie wystawiono jeszcze żadnej faktury.',
  waiting: 'Żadna faktura nie czeka na KSeF.',
  rejected: 'KSeF nie odrzucił żadnej faktury.',
};

export function InvoicesPage() {
  const [filter, setFilter] = useState('');
  const list = useQuery({
    queryKey: ['staff-invoices', filter],
    queryFn: () =>
      api.query<{ invoices: { totalItems: number; items: StaffInvoice[] } }>(LIST, {
        options: { take: 100, ...(filter ? { ksefState: filter } : {}) },
      }),
  });
  const items = list.data?.invoices.items ?? [];
  return (
    <Page pageId="invoices">
      <PageTitle>Faktury</PageTitle>
      <PageLayout>
        <FullWidthPageBlock blockId="invoices-list">
          <Card>
            <CardContent>
              <div role="group" aria-label="Pokaż faktury" className="flex gap-2 mb-4">
                {FILTERS.map(([value, title]) => (
                  <Button
                    key={value}
                    size="sm"
                    variant={filter === value ? 'default' : 'outline'}
                    aria-pressed={filter === value}
                    onClick={() => setFilter(value)}
                  >
                    {title}
                  </Button>
                ))}
              </div>
              {list.isError ? (
                <p role="alert" className="text-destructive">
                  Nie udało się wczytać faktur: {String((list.error as Error).message)}
                </p>
              ) : list.isLoading ? (
                <p className="text-muted-foreground">Wczytywanie…</p>
              ) : items.length === 0 ? (
                <p className="text-muted-foreground">{EMPTY[filter]}</p>
              ) : (
                <>
                  {list.data && list.data.invoices.totalItems > items.length ? (
                    <p className="text-muted-foreground mb-3">
                      Pokazano {items.length} najnowszych z {list.data.invoices.totalItems} faktur.
                    </p>
                  ) : null}
                  <InvoiceTable invoices={items} showOrder label="Faktury" />
                </>
              )}
            </CardContent>
          </Card>
        </FullWidthPageBlock>
      </PageLayout>
    </Page>
  );
}
