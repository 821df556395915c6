import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Actor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import type { AnyOperation, AnyOperationSpec, FeatureOperations, Guard, OperationSpec } from '../../operations/operation';
import { adminProcedure, anyoneProcedure, authedProcedure, clinicianProcedure, patientProcedure, publicProcedure, router, type TrpcContext } from '../trpc/trpc';

type InputIn<S> = S extends z.ZodType ? z.input<S> : void;

/** The procedure type tRPC's builder gives for this declaration (input in, handler's result out). */
export type ProcedureOf<Op> =
  Op extends OperationSpec<infer S, Guard, infer O, infer T>
    ? T extends 'query'
      ? TRPCQueryProcedure<{ input: InputIn<S>; output: O; meta: object }>
      : TRPCMutationProcedure<{ input: InputIn<S>; output: O; meta: object }>
    : never;

/** A feature's procedures: every declaration but the REST-only ones (`trpc: false`). */
export type ProceduresOf<M extends Record<string, AnyOperationSpec>> = {
  [K in keyof M as M[K] extends { trpc: false } ? never : K]: ProcedureOf<M[K]>;
};

/** The base procedure of each guard (trpc.ts): tRPC readers are always signed-in people. */
const BASE = {
  public: publicProcedure,
  anyone: anyoneProcedure,
  authed: authedProcedure,
  reader: authedProcedure,
  patient: patientProcedure,
  clinician: clinicianProcedure,
  admin: adminProcedure,
} as const;

function procedureOf(op: AnyOperation) {
  let base = BASE[op.access.guard] as typeof publicProcedure;
  const limit = op.rateLimit;
  if (limit) {
    // The same per-address counter as the REST route's, so tRPC is no way around it (issue 8, abuse).
    base = base.use(async ({ ctx, next }) => {
      const { count } = await ctx.deps.limiter.hit(`${limit.bucket}:${ctx.meta.ip}`, 60_000);
      if (count > ctx.deps.config.publicRateLimitPerMinute) throw new AppError('rateLimited');
      return next();
    });
  }
  const built = op.input ? base.input(op.input) : base;
  const run = ({ ctx, input }: { ctx: object; input: unknown }) => {
    const { deps, meta, cookies, actor } = ctx as TrpcContext & { actor?: Actor };
    const caller = op.access.guard === 'public' ? {} : op.access.guard === 'reader' ? { reader: { kind: 'account' as const, actor: actor! } } : { actor: actor! };
    return op.handler({ deps, meta, cookies, ...caller }, input);
  };
  return op.type === 'query' ? built.query(run) : built.mutation(run);
}

/** The router of one feature, typed as if each procedure had been written out by hand. */
export function featureRouter<M extends Record<string, AnyOperationSpec>>(set: FeatureOperations<M>): ReturnType<typeof router<ProceduresOf<M>>> {
  const procedures: Record<string, unknown> = {};
  for (const [key, op] of Object.entries(set.operations as Record<string, AnyOperation>)) if (op.trpc !== false) procedures[key] = procedureOf(op);
  return router(procedures as ProceduresOf<M>);
}
