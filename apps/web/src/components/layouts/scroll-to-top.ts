import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: page scroll resets to top on navigation (a new path; not a tab's query change). */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
