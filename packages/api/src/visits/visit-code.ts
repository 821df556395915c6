import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A new visit code, e.g. "k7mp-2xqa-9trz": twelve random characters (about 59 bits), so codes
 * cannot be guessed. A code alone admits no one: joining also needs a signed-in participant.
 * The column is unique, so the astronomically rare repeat fails its insert rather than share a visit.
 */
export function newVisitCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
