/** An invoice as the Shop API gives it to the order's owner (decision 119). */
interface InvoiceLink {
  number: string;
  kind: string;
  ksefNumber: string | null;
  pdfUrl: string;
}

const invoiceLinkTexts = {
  heading: 'Faktury',
  link: (kind: string, number: string) => `${kind === 'KOR' ? 'Faktura korygująca' : 'Faktura VAT'} ${number} (PDF)`,
  ksef: 'numer KSeF',
};

/**
 * The order's invoices (issue 40): "Faktura VAT FV/2026/000123 (PDF)" with the KSeF number once
 * KSeF gave one, in the account's order history and on the order status page. The link downloads
 * the PDF (`download`: a file, not a page of the shop, so the client router leaves it alone).
 */
export function InvoiceLinks({ invoices, code }: { invoices: readonly InvoiceLink[]; code: string }) {
  if (!invoices.length) return null;
  return (
    <ul className="order-invoices" aria-label={`${invoiceLinkTexts.heading} ${code}`}>
      {invoices.map((inv) => (
        <li key={inv.number}>
          <a href={inv.pdfUrl} download type="application/pdf" data-invoice={inv.number}>
            {invoiceLinkTexts.link(inv.kind, inv.number)}
          </a>
          {inv.ksefNumber && (
            <span className="order-invoices__ksef">
              {' '}
              · {invoiceLinkTexts.ksef}: <span translate="no">{inv.ksefNumber}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
