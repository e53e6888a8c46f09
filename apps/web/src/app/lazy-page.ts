/** A screen's lazy component that can also be fetched ahead of its first render (docs/decisions/268). */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { TOKEN_STORAGE_KEY } from '../lib/token';

export type LazyPage = LazyExoticComponent<ComponentType> & { load: () => Promise<unknown> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(lazy(load), { load });
}

/** A session was stored by an earlier visit (whether it is still valid is the session's business). */
export function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

let openingScreen: Promise<unknown> = Promise.resolve();

/** The chunks the page opened with (the shell and its screen), once fetched or failed. */
export function openingScreenLoaded(): Promise<unknown> {
  return openingScreen;
}

export function setOpeningScreen(loading: Promise<unknown>): void {
  openingScreen = loading.catch(() => undefined);
}
