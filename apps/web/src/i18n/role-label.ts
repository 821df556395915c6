import type { RoleName } from '@opencare/schemas/role-table';
import type { TFunction } from 'i18next';

type RoleKey = Lowercase<RoleName>;
const ROLE_KEYS: readonly RoleKey[] = [
  'super',
  'user',
  'admin',
  'physician',
  'nurse',
  'assistant',
  'patient',
];

/**
 * The displayed role (spec §6: the role key in lower case) in the reader's language; en-US keeps
 * the key itself. A role this client does not know yet is shown as the server names it.
 */
export function roleLabel(t: TFunction, role: string): string {
  return (ROLE_KEYS as readonly string[]).includes(role) ? t(`roles.${role as RoleKey}`) : role;
}
