import { type KeyboardEvent, useRef, useState } from 'react';
import type { Locker } from './locker';
import { lockerTexts } from './checkout-locker.texts';
import { Field } from '../../client/components/form/Field';
import { RadioGroup } from '../../client/components/form/RadioGroup';

const tx = lockerTexts;

/** Reads the worker's locker search; throws on a failed request so the picker can say so. */
export async function searchLockers(query: string, signal?: AbortSignal): Promise<Locker[]> {
  const res = await fetch(`/api/lockers?q=${encodeURIComponent(query)}`, { headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`lockers ${res.status}`);
  const body = (await res.json()) as { items?: unknown };
  return Array.isArray(body.items) ? (body.items as Locker[]) : [];
}

type Status = 'idle' | 'loading' | 'done' | 'failed';

/**
 * The InPost locker picker (issue 11): search by city or postal code, the nearest lockers as a
 * radio group (arrow keys move between them, as with any radio group), each with its name,
 * address and opening hours. The search field answers Enter itself, so it never submits the
 * step's form. The chosen locker stays shown when a new search is made.
 */
export function LockerPicker({
  value,
  onChange,
  error,
}: {
  value: Locker | null;
  onChange(locker: Locker): void;
  error?: string | undefined;
}) {
  const [query, setQuery] = useState(value?.postalCode ?? '');
  const [status, setStatus] = useState<Status>('idle');
  const [results, setResults] = useState<Locker[]>([]);
  const [tooShort, setTooShort] = useState(false);
  const current = useRef<AbortController | null>(null);

  const search = async () => {
    const q = query.trim();
    if (q.length < 2) return setTooShort(true);
    setTooShort(false);
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setStatus('loading');
    try {
      const items = await searchLockers(q, controller.signal);
      if (controller.signal.aborted) return;
      setResults(items);
      setStatus('done');
    } catch (err) {
      if (controller.signal.aborted) return;
      console.warn('Locker search failed', err);
      setStatus('failed');
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };
  const shown = value && !results.some((l) => l.code === value.code) ? [value, ...results] : results;

  return (
    <div className="locker-picker">
      <h2 className="checkout-form__subheading">{tx.heading}</h2>
      {/* A query too short to search is this field's error until it is fixed; then the step's own (no locker chosen) shows again. */}
      <Field
        id="locker-search"
        label={tx.search}
        type="search"
        enterKeyHint="search"
        autoComplete="postal-code"
        value={query}
        onValue={setQuery}
        onKeyDown={onKeyDown}
        error={tooShort ? tx.tooShort : error}
        action={
          <button type="button" className="button button--ghost" onClick={() => void search()} disabled={status === 'loading'}>
            {tx.searchButton}
          </button>
        }
      />
      <div aria-live="polite" className="locker-picker__status">
        {status === 'loading' && <p>{tx.searching}</p>}
        {status === 'failed' && <p role="alert">{tx.failed}</p>}
        {status === 'done' && results.length === 0 && <p>{tx.none}</p>}
      </div>
      {shown.length > 0 && (
        <RadioGroup
          name="locker"
          className="locker-picker__list"
          optionClassName="locker-option"
          legend={tx.results}
          value={value?.code}
          onValue={(code) => {
            const locker = shown.find((l) => l.code === code);
            if (locker) onChange(locker);
          }}
          options={shown.map((locker) => ({
            value: locker.code,
            label: (
              <span className="locker-option__body">
                <span className="locker-option__name">{locker.name || locker.code}</span>
                <span className="locker-option__address">
                  {locker.address}, {locker.postalCode} {locker.city}
                </span>
                {locker.description && <span className="locker-option__address">{locker.description}</span>}
                {locker.openingHours && (
                  <span className="locker-option__hours">
                    {tx.hours}: {locker.openingHours}
                  </span>
                )}
                {typeof locker.distanceKm === 'number' && <span className="locker-option__distance">{tx.distance(locker.distanceKm)}</span>}
              </span>
            ),
          }))}
        />
      )}
    </div>
  );
}
