import { createStore } from 'zustand/vanilla';

/** Panels of spec §2 (plus the shell's cookie settings, language picker and welcome modal); one is open at a time. */
export type PanelName = 'cart' | 'wishlist' | 'login' | 'size' | 'newsletter' | 'filters' | 'menu' | 'cookies' | 'language' | 'welcome';
export type LoginScreen = 'login' | 'register' | 'forgottenPassword' | 'thankYouAfterForgotten' | 'thankYouRegistration';

export interface PanelsState {
  open: PanelName | null;
  loginScreen: LoginScreen;
  openPanel(name: PanelName, loginScreen?: LoginScreen): void;
  close(): void;
  toggle(name: PanelName): void;
}

/**
 * One open panel at a time. Opening cart, wishlist, login or size replaces
 * whatever is open, the mobile menu included (spec §2: it closes first).
 * Closing the login modal resets it to the login screen (spec §4).
 */
export function createPanelsStore() {
  return createStore<PanelsState>()((set, get) => ({
    open: null,
    loginScreen: 'login',
    openPanel(name, loginScreen) {
      set({ open: name, loginScreen: name === 'login' ? (loginScreen ?? 'login') : get().loginScreen });
    },
    close() {
      set({ open: null, loginScreen: 'login' });
    },
    toggle(name) {
      if (get().open === name) get().close();
      else get().openPanel(name);
    },
  }));
}
