import { useDirection } from '@mantine/core';
import type { ReactNode, SVGProps } from 'react';

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number | string;
}

/**
 * Line icons drawn for this app (24×24, stroke in the text colour). Decorative: every icon sits
 * beside a visible label, so screen readers skip them.
 */
export function icon(paths: ReactNode, { mirrorInRtl = false } = {}) {
  return function Icon({ size = 20, style, ...props }: IconProps) {
    const { dir } = useDirection();
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
        // Arrows point along the reading direction, so they turn round in Arabic.
        style={mirrorInRtl && dir === 'rtl' ? { transform: 'scaleX(-1)', ...style } : style}
        {...props}
      >
        {paths}
      </svg>
    );
  };
}
