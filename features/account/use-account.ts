import { useState } from 'react';
import { getActiveCustomer } from './customer.graphql';
import type { AccountCustomer } from './types';
import { useSession } from '../../client/stores/StoresProvider';
import { accountTexts } from './account.texts';
import { accountMessage } from './account-errors';

/**
 * One form's submission on an account page: busy flag, the message under the form, and a
 * fresh read of the customer after the change (spec §7: each change is followed by a reload).
 * A session that ended meanwhile sends the shopper home, like the account guard.
 */
export function useAccountAction(onChange: (customer: AccountCustomer) => void) {
  const request = useSession((s) => s.request);
  const update = useSession((s) => s.update);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const reload = async () => {
    const { activeCustomer } = await request(getActiveCustomer);
    if (!activeCustomer) {
      window.location.assign('/');
      return;
    }
    onChange(activeCustomer);
    update({ firstName: activeCustomer.firstName, lastName: activeCustomer.lastName, emailAddress: activeCustomer.emailAddress });
  };

  /** Runs `task`; its return value (if any) is the success message. */
  const run = async (task: () => Promise<string | void>, fallback: string = accountTexts.area.saveFailed): Promise<boolean> => {
    setBusy(true);
    setResult(null);
    try {
      const message = await task();
      setResult(message ? { kind: 'success', text: message } : null);
      return true;
    } catch (error) {
      setResult({ kind: 'error', text: accountMessage(error, fallback) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, run, reload, request, clearResult: () => setResult(null) };
}
