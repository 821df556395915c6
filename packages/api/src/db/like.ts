/**
 * An ILIKE pattern that finds `text` anywhere: `%`, `_` and `\` typed by a person are searched for
 * as characters, not taken as wildcards.
 */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** An ILIKE pattern that finds text starting with `text` (FHIR's string search), wildcards escaped. */
export const startingWith = (text: string) => `${text.replace(/[%_\\]/g, '\\$&')}%`;
