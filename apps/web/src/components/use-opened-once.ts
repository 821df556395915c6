import { useState } from 'react';

/**
 * True from the first time `opened` is: a drawer or dialog mounts when first opened rather than
 * with its screen (a closed Mantine modal still mounts its portal and overlay), and keeps its
 * closing animation afterwards. The call view mounts two of them (issue 18, call set-up).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
