/** What matchingRetype needs of zod's refinement context; zod-free so the web's first load can use it. */
export interface RetypeIssueSink {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void;
}

/** Adds "must match" issues where a retype field differs from its original (spec §5). */
export function matchingRetype<T extends Record<string, unknown>>(pairs: [keyof T & string, keyof T & string, string][]) {
  return (value: T, ctx: RetypeIssueSink) => {
    for (const [field, retype, label] of pairs) {
      if (value[field] !== value[retype]) {
        ctx.addIssue({ code: 'custom', path: [retype], message: `${label} fields must match.` });
      }
    }
  };
}
