import { accountListQuerySchema, createAccountInputSchema, updateAccountInputSchema } from '@opencare/schemas/entities/account';
import { createUserInputSchema, updateProfileInputSchema, updateUserInputSchema, userListQuerySchema } from '@opencare/schemas/entities/user';
import { usernameSchema, uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createAccount,
  deactivateAccount,
  getAccount,
  getAccountProfile,
  listAccounts,
  updateAccount,
} from '../../accounts/accounts.service';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { me } from '../../auth/auth.service';
import { getMyProfile, updateMyProfile } from '../../profile/profile.service';
import { createUser, deactivateUser, getUser, listUsers, updateUser, usernameAvailable } from '../../users/users.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok, rateLimit } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });
const usernameParams = z.strictObject({ name: usernameSchema });

/** Profile, accounts and users: thin adapters over their services. */
export function peopleRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: Parameters<typeof requestMetaOf>[0]) => ({ actor: await authenticate(deps, req), meta: requestMetaOf(req) });
  const idOf = (params: unknown) => parseInput(idParams, params).id;

  app.get('/profile', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getMyProfile(deps, actor, meta));
  });
  app.patch('/profile', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await updateMyProfile(deps, actor, meta, parseInput(updateProfileInputSchema, req.body)), 'Profile saved.');
  });

  app.get('/accounts', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listAccounts(deps, actor, meta, parseInput(accountListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/accounts', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await createAccount(deps, actor, meta, parseInput(createAccountInputSchema, req.body)), 'Account created.', { status: 201 });
  });
  app.get('/accounts/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getAccount(deps, actor, meta, idOf(req.params)));
  });
  app.get('/accounts/:id/profile', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getAccountProfile(deps, actor, meta, idOf(req.params)));
  });
  app.patch('/accounts/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await updateAccount(deps, actor, meta, idOf(req.params), parseInput(updateAccountInputSchema, req.body)), 'Account saved.');
  });
  app.delete('/accounts/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await deactivateAccount(deps, actor, meta, idOf(req.params)), 'Account deactivated.');
  });

  app.get('/users/username/:name/available', { preHandler: rateLimit(deps, 'username', deps.config.publicRateLimitPerMinute, 60_000) }, async (req, reply) => {
    const { name } = parseInput(usernameParams, req.params);
    return ok(reply, await usernameAvailable(deps, name));
  });
  app.get('/users/me', async (req, reply) => ok(reply, await me(deps, await authenticate(deps, req))));
  app.get('/users', async (req, reply) => {
    const { actor, meta } = await who(req);
    const result = await listUsers(deps, actor, meta, parseInput(userListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/users', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await createUser(deps, actor, meta, parseInput(createUserInputSchema, req.body)), 'User created.', { status: 201 });
  });
  app.get('/users/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getUser(deps, actor, meta, idOf(req.params)));
  });
  app.patch('/users/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await updateUser(deps, actor, meta, idOf(req.params), parseInput(updateUserInputSchema, req.body)), 'User saved.');
  });
  app.delete('/users/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await deactivateUser(deps, actor, meta, idOf(req.params)), 'User deactivated.');
  });
}
