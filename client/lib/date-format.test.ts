import { describe, expect, it } from 'vitest';
import { lazyDateFormat } from './date-format';

describe('lazyDateFormat', () => {
  it('formats as Intl.DateTimeFormat with the same locale and options would', () => {
    const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' };
    const lazy = lazyDateFormat('pl-PL', options);
    const at = new Date('2026-11-26T23:30:00Z'); // already the 27th in Warsaw
    expect(lazy.format(at)).toBe(new Intl.DateTimeFormat('pl-PL', options).format(at));
    expect(lazy.format(at)).toBe('27 listopada 2026');
    expect(lazy.format(new Date('2026-03-01T12:00:00Z'))).toBe('1 marca 2026');
  });

  it('makes no Intl formatter until the first date is formatted, then reuses the one it made', () => {
    const made: unknown[] = [];
    const Original = Intl.DateTimeFormat;
    const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      const instance = new Original(...args);
      made.push(instance);
      return instance;
    } as unknown as typeof Intl.DateTimeFormat;
    Intl.DateTimeFormat = Counting;
    try {
      const lazy = lazyDateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Europe/Warsaw' });
      expect(made).toHaveLength(0);
      expect(lazy.format(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
      expect(lazy.format(new Date('2026-01-05T10:00:00Z'))).toBe('2026-01-05');
      expect(made).toHaveLength(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
