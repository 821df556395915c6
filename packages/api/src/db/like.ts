/**
 * An ILIKE pattern that finds `text` anywhere: `%`, `_` and `\` typed by a person are searched for
 * as characters, not taken as wildcards.
 */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
