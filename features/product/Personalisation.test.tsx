import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../client/lib/price';
import type { ExtraOfferLike, ExtrasState } from './product-extras';
import { productTexts as T } from './product.texts';
import { Personalisation } from './Personalisation';

const lining: ExtraOfferLike = {
  field: 'podszycie',
  label: 'Podszycie',
  type: 'string',
  price: 0,
  options: [
    { value: 'tak', label: 'Pianka', price: 1500 },
    { value: 'polar', label: 'Polar', price: 2000 },
  ],
};
const extraLength: ExtraOfferLike = { field: 'dodatkowyMetr', label: 'Dodatkowy metr', type: 'int', price: 1000, unit: 'm', options: [] };
const handle: ExtraOfferLike = {
  field: 'raczka',
  label: 'Rączka',
  type: 'string',
  price: 0,
  options: [{ value: 'tak', label: 'Tak', price: 900 }],
};

function renderPersonalisation(state: ExtrasState, errors: Record<string, string> = {}) {
  const onChange = vi.fn();
  render(
    <Personalisation
      offers={[lining, extraLength, handle]}
      state={state}
      errors={errors}
      onChange={onChange}
      guard={null}
      partColours={{}}
      onPartColour={vi.fn()}
    />,
  );
  return onChange;
}

describe('Personalisation', () => {
  it('offers the lining with "Bez podszycia" and each paid choice with its price', async () => {
    const onChange = renderPersonalisation({ podszycie: '', dodatkowyMetr: '', raczka: '' });
    const group = screen.getByRole('group', { name: /Podszycie/ });
    expect(within(group).getByRole('radio', { name: T.noLining })).toHaveProperty('checked', true);
    expect(group.textContent).toContain(T.plus(formatPrice(2000)));
    await userEvent.click(within(group).getByRole('radio', { name: new RegExp(`^Polar`) }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('podszycie', 'polar');
  });

  it('turns a one-choice extra into a checkbox that sends its value or nothing', async () => {
    const onChange = renderPersonalisation({ podszycie: '', dodatkowyMetr: '', raczka: '' });
    const box = screen.getByRole('checkbox', { name: /Rączka|raczka/i });
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith('raczka', 'tak');
  });

  it('ties an out-of-range number to its message and shows the price per unit as a hint', async () => {
    const onChange = renderPersonalisation(
      { podszycie: '', dodatkowyMetr: '25', raczka: '' },
      { dodatkowyMetr: 'Podaj liczbę od 0 do 20.' },
    );
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Podaj liczbę od 0 do 20.');
    expect(described.join(' ')).toContain(T.perUnit(formatPrice(1000), 'm'));
    await userEvent.type(input, '1');
    expect(onChange).toHaveBeenLastCalledWith('dodatkowyMetr', '251');
  });
});
