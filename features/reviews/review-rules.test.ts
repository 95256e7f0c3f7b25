import { describe, expect, it } from 'vitest';
import { reviewLength, reviewProblems } from './review-rules';

describe('review form rules (the backend decides; these warn early with the same limits)', () => {
  it('asks for a rating of 1–5 stars first, then a text of 10–2000 characters, and a title of at most 120', () => {
    expect(reviewProblems({ rating: '', title: '', text: '' })).toEqual({
      rating: 'Wybierz ocenę od 1 do 5 gwiazdek.',
      text: 'Opinia musi mieć co najmniej 10 znaków.',
    });
    expect(Object.keys(reviewProblems({ rating: '', title: 't'.repeat(121), text: 'x' }))).toEqual(['rating', 'title', 'text']);
    expect(reviewProblems({ rating: '6', title: '', text: 'Dziesięć z.' }).rating).toBeDefined();
    expect(reviewProblems({ rating: '5', title: 't'.repeat(120), text: 'x'.repeat(2000) })).toEqual({});
    expect(reviewProblems({ rating: '5', title: '', text: 'x'.repeat(2001) })).toEqual({ text: 'Opinia może mieć najwyżej 2000 znaków.' });
  });

  it('counts characters as the backend does: trimmed, an emoji as one', () => {
    expect(reviewLength('  abc  ')).toBe(3);
    expect(reviewLength('🐶🐶')).toBe(2);
    expect(reviewProblems({ rating: '4', title: '', text: '   krótkie   ' }).text).toBeDefined();
  });
});
