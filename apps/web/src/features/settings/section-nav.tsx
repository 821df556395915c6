import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

interface SectionNavProps {
  label: string;
  items: readonly { to: string; label: string }[];
}

/**
 * Links between settings sections, drawn like tabs. They are links, not ARIA tabs: each section is
 * its own address, so it can be bookmarked and the back button works.
 */
export function SectionNav({ label, items }: SectionNavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <Group gap={4} wrap="wrap">
        {items.map((item) => {
          const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <Button
              key={item.to}
              component={Link}
              to={item.to}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              aria-current={active ? 'page' : undefined}
              size="sm"
              px="sm"
            >
              {item.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
