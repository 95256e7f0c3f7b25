import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * Setup of the `component` tests (vitest.config.ts): React 19 checks this flag before it lets
 * `act()` flush updates without a warning, and Testing Library's automatic cleanup needs
 * vitest's globals, which are off here, so each test unmounts what it rendered explicitly.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
});
