/** The browser tab names the screen ('Users · Cooler Hub'), from the route registry's titles. */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../lib/paths';

export const APP_NAME = 'Cooler Hub';

export function documentTitle(pathname: string): string {
  const route = Object.values(paths).find((p) => p.pattern !== paths.root.pattern && matchPath(p.pattern, pathname));
  return route ? `${route.title} · ${APP_NAME}` : APP_NAME;
}

export function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
