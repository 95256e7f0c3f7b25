import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

function Controlled({ error, maxLength }: { error?: string; maxLength?: number }) {
  const [value, setValue] = useState('');
  return (
    <TextArea
      id="review-body"
      label="Treść opinii"
      hint="Co najmniej 10 znaków"
      error={error}
      maxLength={maxLength}
      value={value}
      onValue={setValue}
    />
  );
}

const area = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Treść opinii' });

describe('TextArea', () => {
  it('is a multi-line field named by its label and described by its hint', () => {
    render(<Controlled />);
    expect(area().tagName).toBe('TEXTAREA');
    expect(area().name).toBe('review-body');
    expect(screen.getByRole('textbox', { name: 'Treść opinii', description: 'Co najmniej 10 znaków' })).toBe(area());
  });

  it('keeps the lines typed', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(area(), 'Dobre krzesło.{Enter}Polecam');
    expect(area().value).toBe('Dobre krzesło.\nPolecam');
  });

  it('stops at maxLength', async () => {
    const user = userEvent.setup();
    render(<Controlled maxLength={5} />);
    await user.type(area(), 'abcdefgh');
    expect(area().value).toBe('abcde');
  });

  it('reads the error before the hint and is invalid while it shows', () => {
    render(<Controlled error="Opinia jest za krótka" />);
    const input = screen.getByRole('textbox', { name: 'Treść opinii', description: 'Opinia jest za krótka Co najmniej 10 znaków' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
