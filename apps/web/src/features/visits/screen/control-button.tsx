import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHoverTooltip } from '../../../components/use-hover-tooltip';

interface ControlButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Pressed (a toggle that is on), or off-and-noteworthy (a muted microphone). */
  pressed?: boolean;
  danger?: boolean;
  testId: string;
}

export function ControlButton({ label, icon, onClick, pressed, danger, testId }: ControlButtonProps) {
  const hint = useHoverTooltip(label);
  return (
    <>
      <ActionIcon
        ref={hint.ref}
        onPointerEnter={hint.onPointerEnter}
        size={48}
        radius="xl"
        variant={danger ? 'filled' : pressed ? 'filled' : 'default'}
        color={danger ? 'red' : pressed ? 'blue' : undefined}
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
      {hint.tooltip}
    </>
  );
}
