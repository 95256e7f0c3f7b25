/**
 * Colours of the harness preview, by the backend's colour codes (facet `kolor`).
 * Only the drawing uses them; the names the shopper reads come from the backend.
 * An unknown code is drawn in neutral grey rather than guessed.
 */
const PALETTE: Readonly<Record<string, string>> = {
  czarny: '#222326',
  grafitowy: '#4a5058',
  szary: '#9aa1a8',
  bialy: '#f4f4f2',
  czerwony: '#c62f2f',
  bordowy: '#7b1f33',
  rozowy: '#e889a8',
  pomaranczowy: '#ee7d22',
  zolty: '#f2c230',
  zielony: '#2e7d4f',
  oliwkowy: '#6b7a3a',
  mietowy: '#7fd1b9',
  turkusowy: '#139a9a',
  niebieski: '#2a6fd6',
  granatowy: '#1f2d4d',
  fioletowy: '#6a3fa0',
  brazowy: '#7a4a2a',
  bezowy: '#d4bd97',
  srebrny: '#b5bcc4',
  zloty: '#c9a13b',
};

const UNKNOWN_COLOUR = '#9aa1a8';
/** A part without a colour yet: a light outline. */
export const NOT_CHOSEN_COLOUR = '#d9dee3';

export function colourHex(code: string | undefined): string {
  if (!code) return NOT_CHOSEN_COLOUR;
  return PALETTE[code] ?? UNKNOWN_COLOUR;
}
