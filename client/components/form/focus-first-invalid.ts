import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * Focus after a submit that found invalid fields. Returns `focusFirstInvalid(ids)`: focus moves to
 * the element of the first id (validation reports the fields in form order) in the same commit
 * that renders the errors, so when focus lands the field is already `aria-invalid` and described
 * by its message, and nothing waits for a later frame. Call it with the state update that shows
 * the errors.
 */
export function useFocusFirstInvalid(): (ids: readonly string[]) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useLayoutEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  return useCallback((ids: readonly string[]) => {
    const first = ids[0];
    if (first) setTarget({ id: first });
  }, []);
}
