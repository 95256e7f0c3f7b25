import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceLinks } from './InvoiceLinks';

describe('InvoiceLinks', () => {
  it('lists an invoice and its correction (decision 120), each with its PDF and KSeF number', () => {
    render(
      <InvoiceLinks
        code="ABC123"
        invoices={[
          { number: 'FV/2026/000123', kind: 'VAT', ksefNumber: '1234563218-20261126-0123456789AB-CD', pdfUrl: '/faktury/1-a.pdf' },
          { number: 'FK/2026/000001', kind: 'KOR', ksefNumber: null, pdfUrl: '/faktury/2-b.pdf' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Faktury ABC123' });
    expect(list.textContent).toContain('numer KSeF: 1234563218-20261126-0123456789AB-CD');
    const correction = screen.getByRole('link', { name: 'Faktura korygująca FK/2026/000001 (PDF)' });
    expect(correction.getAttribute('href')).toBe('/faktury/2-b.pdf');
    expect(screen.getByRole('link', { name: 'Faktura VAT FV/2026/000123 (PDF)' }).getAttribute('href')).toBe('/faktury/1-a.pdf');
  });
});
