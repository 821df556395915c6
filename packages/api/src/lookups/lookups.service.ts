import { LOOKUPS, lookupItems, type LookupItem, type LookupType } from '@opencare/schemas/lookups';

/** Lookups are the constants of packages/schemas, served read-only: one source of truth. */
export function listLookups(): Record<LookupType, LookupItem[]> {
  return Object.fromEntries(Object.keys(LOOKUPS).map((type) => [type, lookupItems(type as LookupType)])) as Record<LookupType, LookupItem[]>;
}

export function getLookup(type: LookupType): LookupItem[] {
  return lookupItems(type);
}
