import { describe, expect, it } from 'vitest';
import { IMAGE, imageUrl } from './image';

describe('imageUrl', () => {
  it('adds size, crop and webp parameters to an absolute preview URL', () => {
    expect(imageUrl('http://127.0.0.1:3000/assets/preview/ab/szelki__preview.png', IMAGE.product)).toBe(
      'http://127.0.0.1:3000/assets/preview/ab/szelki__preview.png?w=600&h=600&mode=crop&format=webp',
    );
  });

  it('makes the 50x50 quality-10 placeholder', () => {
    expect(imageUrl('preview/x.png', IMAGE.placeholder, 'https://cdn.psiaki.pl/assets/')).toBe(
      'https://cdn.psiaki.pl/assets/preview/x.png?w=50&h=50&mode=crop&format=webp&q=10',
    );
  });
});
