import { Tooltip } from '@mantine/core';
import { useCallback, useState, type PointerEvent, type ReactNode } from 'react';

/**
 * A tooltip that mounts the first time a mouse comes over its target, for screens with many
 * controls: a closed Mantine tooltip still runs its positioning and hover hooks in every render
 * (the call's controls, issue 18 call set-up). It is attached to the target's own element, so the
 * target is not re-created when it mounts (no focus or click lost), and opens at once on that first
 * approach; from then on it behaves as a plain tooltip. A touch does not open it, as Mantine's does not.
 */
export function useHoverTooltip(label: ReactNode) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [approached, setApproached] = useState(false);
  const onPointerEnter = useCallback((event: PointerEvent) => {
    if (event.pointerType === 'mouse') setApproached(true);
  }, []);
  const tooltip =
    approached && target ? <Tooltip label={label} target={target} withArrow defaultOpened /> : null;
  return { ref: setTarget, onPointerEnter, tooltip };
}
