import type { Attachment, MailPerson } from '@opencare/schemas/entities/mail';
import { isAttachmentType } from '@opencare/schemas/entities/mail';
import { ROLES, roleNameOf, type RoleName } from '@opencare/schemas/roles';
import { fullNameOf } from '../accounts/account.dto';
import type { FileMeta } from '../files/files.repository';
import type { peopleOf } from './mail-threads.repository';

type Person = Awaited<ReturnType<typeof peopleOf>>[number];

/** The role a reader should see beside a name: the clinical one first, whatever else the account holds. */
const ROLE_SHOWN: readonly number[] = [
  ROLES.Physician,
  ROLES.Nurse,
  ROLES.Assistant,
  ROLES.Patient,
  ROLES.Admin,
  ROLES.Super,
  ROLES.User,
];

function roleShown(roles: readonly number[]): RoleName | null {
  const role = ROLE_SHOWN.find((r) => roles.includes(r)) ?? roles[0];
  return role === undefined ? null : roleNameOf(role);
}

/** Who wrote, from the people of the conversation; an account since removed shows no name. */
export function personOf(people: readonly Person[], accountId: string | null): MailPerson {
  const person = accountId ? people.find((p) => p.accountId === accountId) : undefined;
  return {
    accountId,
    fullName: person ? fullNameOf(person) : null,
    role: person ? roleShown(person.roles) : null,
  };
}

/** Files as a message lists them; only attachment types are ever attached (checked on sending). */
export function toAttachmentDtos(files: readonly FileMeta[], ids: readonly string[]): Attachment[] {
  return ids.flatMap((id) => {
    const file = files.find((f) => f.id === id);
    if (!file || !isAttachmentType(file.contentType)) return [];
    return [{ id: file.id, fileName: file.fileName, contentType: file.contentType, size: file.size }];
  });
}
