import { newUserSchema, passwordResetSchema, userAccountSchema, userChangesSchema, userListSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users.service.ts';

const usernameParams = z.object({ username: z.string().min(1).max(64, 'Username is too long') });

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'List user accounts',
        description: 'Needs MANAGE_USERS (403). Every account by username, with the start of its latest session as its last login. Password hashes never leave the server.',
        response: { 200: userListSchema },
      },
    },
    async (request) => ({ users: await users.list(request.user) }),
  );

  app.post(
    '/users',
    {
      config: { action: 'user.manage' },
      schema: {
        tags: ['users'],
        summary: 'Add a user account',
        description:
          'Needs MANAGE_USERS (403). 400 with the rule for a bad username (2–64 of a-z 0-9 . _ -) or password (at least 10 characters with a letter and a digit) or an unknown privilege; 409 when the username is taken. Answers the new account (201).',
        body: newUserSchema,
        response: { 201: userAccountSchema },
      },
    },
    async (request, reply) => {
      const { username, password, displayName, privileges, parentOrganization } = request.body;
      const account = await users.add({ username, password, displayName, privileges, parentOrganization }, request.user, request.id);
      return reply.status(201).send(account);
    },
  );

  app.patch(
    '/users/:username',
    {
      config: { action: 'user.manage' },
      schema: {
        tags: ['users'],
        summary: 'Change a user account',
        description:
          "Needs MANAGE_USERS (403). Any of displayName, privileges (the whole list), parentOrganization (null or empty for none) and disabled. 409 when the change would leave no enabled user with MANAGE_USERS, or when a user disables themselves; 404 for an unknown user. Disabling a user or changing their privileges ends that user's sessions. Answers the account.",
        params: usernameParams,
        body: userChangesSchema,
        response: { 200: userAccountSchema },
      },
    },
    async (request) => users.update(request.params.username, request.body, request.user, request.id),
  );

  app.post(
    '/users/:username/password',
    {
      config: { action: 'user.manage' },
      schema: {
        tags: ['users'],
        summary: "Reset a user's password",
        description:
          "Needs MANAGE_USERS (403). 400 with the rule for a password that breaks it; 404 for an unknown user. Ends the user's sessions. Answers the account.",
        params: usernameParams,
        body: passwordResetSchema,
        response: { 200: userAccountSchema },
      },
    },
    async (request) => users.resetPassword(request.params.username, request.body.password, request.user, request.id),
  );
};
