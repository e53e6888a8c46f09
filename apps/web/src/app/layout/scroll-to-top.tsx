import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The page scrolls to the top on every path change (docs/product.md §2.1); query changes (paging) keep it. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
