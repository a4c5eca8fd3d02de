import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * Starts each screen at its top. wouter keeps the window's scroll across client-side navigation,
 * so a Split pressed at the foot of a long editor would open the summary at its foot too.
 */
export function useScrollToTop(): void {
  const [location] = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
