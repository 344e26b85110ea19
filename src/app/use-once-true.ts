import { useState } from 'react';

/**
 * True from the first render where `condition` holds, for good. Lazily loaded parts (the error dialog, the
 * toaster, the idle prompt) mount with their first use and then stay, so they can close with their animation.
 */
export function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = useState(condition);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}
