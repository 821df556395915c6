/** A person's name as FHIR's official HumanName: family, given names (first and middle) and the whole as text. */
export function humanNameOf(person: { firstName: string; middleName: string | null; lastName: string }) {
  const given = [person.firstName, person.middleName].filter((n): n is string => Boolean(n));
  return { use: 'official' as const, family: person.lastName, given, text: [...given, person.lastName].join(' ') };
}
