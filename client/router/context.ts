import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Router, RouterState } from './types';

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('RouterContext is not provided');
  return router;
}

export function useRouterState(): RouterState {
  const router = useRouter();
  return useSyncExternalStore(router.subscribe, router.getState, router.getState);
}
