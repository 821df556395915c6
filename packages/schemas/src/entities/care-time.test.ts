import { describe, expect, it } from 'vitest';
import { CARE_TIME_RULES, addCareTimeInputSchema, correctCareTimeInputSchema } from './care-time';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('care time entered by hand', () => {
  const valid = { startedAt: minutesAgo(60), minutes: 20, reason: 'Phone call' };

  it('takes a past stretch with a reason; interactive is off unless said', () => {
    const parsed = addCareTimeInputSchema.parse(valid);
    expect(parsed).toEqual({ ...valid, interactive: false });
  });

  it('refuses a stretch that ends in the future, one too old, and minutes out of range, each on its field', () => {
    expect(messagesOf(addCareTimeInputSchema.safeParse({ ...valid, startedAt: minutesAgo(10) }))).toEqual({ startedAt: CARE_TIME_RULES.future });
    expect(messagesOf(addCareTimeInputSchema.safeParse({ ...valid, startedAt: minutesAgo(63 * 24 * 60) }))).toEqual({ startedAt: CARE_TIME_RULES.tooOld });
    for (const minutes of [0, 241, 1.5, '20']) {
      expect(messagesOf(addCareTimeInputSchema.safeParse({ ...valid, minutes })).minutes).toBe(CARE_TIME_RULES.minutes);
    }
    expect(messagesOf(addCareTimeInputSchema.safeParse({ ...valid, reason: 'ok' })).reason).toBe(CARE_TIME_RULES.reasonShort);
  });

  it('lets a correction go down to zero, never below', () => {
    expect(correctCareTimeInputSchema.safeParse({ minutes: 0, reason: 'Not this patient' }).success).toBe(true);
    expect(messagesOf(correctCareTimeInputSchema.safeParse({ minutes: -1, reason: 'Not this patient' })).minutes).toBe(CARE_TIME_RULES.correctedMinutes);
  });
});
