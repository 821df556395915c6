import type { Invitation } from '@opencare/schemas/entities/care';
import type { AccountType } from '@opencare/schemas/lookups';
import type { RoleName } from '@opencare/schemas/role-table';
import { isGrantableRole, type GrantableRole } from './labels';

/** What the admin may set on an invitation; the server refuses Super (createInvitationInputSchema). */
export interface InvitationBody {
  email: string;
  role: Exclude<RoleName, 'Super'>;
  accountType: Invitation['accountType'];
  expiresInDays: number;
}
export type InvitationChanges = Partial<Omit<InvitationBody, 'email'>>;

/** How long an invitation's link works, in days (the schemas allow 1 to 30). */
export const EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_EXPIRY_DAYS = 7;

/** Role, account type and validity as the forms hold them ('' = not chosen; for an edit, "keep"). */
export interface InvitationChoices {
  role: GrantableRole | '';
  accountType: AccountType | '';
  expiresInDays: string;
}

const given = (value: string) => (value === '' ? undefined : value);

/** The body createInvitationInputSchema reads. */
export function newInvitationBody({ email, ...choices }: InvitationChoices & { email: string }) {
  return {
    email,
    role: given(choices.role),
    accountType: given(choices.accountType),
    expiresInDays: Number(choices.expiresInDays),
  };
}

export function choicesOf(invitation: Invitation): InvitationChoices {
  return {
    role: isGrantableRole(invitation.role) ? invitation.role : '',
    accountType: invitation.accountType,
    expiresInDays: '',
  };
}

/** The body updateInvitationInputSchema reads: only what changed; an expiry chosen in an edit counts from now (the server's rule). */
export function invitationChangesBody(initial: InvitationChoices, choices: InvitationChoices) {
  return {
    role: choices.role !== initial.role ? given(choices.role) : undefined,
    accountType: choices.accountType !== initial.accountType ? given(choices.accountType) : undefined,
    expiresInDays: choices.expiresInDays ? Number(choices.expiresInDays) : undefined,
  };
}
