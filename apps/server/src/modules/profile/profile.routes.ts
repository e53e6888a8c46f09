/** GET and PUT /api/profile — any signed-in user, on their own account only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '@cooler-hub/contract/auth';
import { withVersion } from '@cooler-hub/contract/common';
import { profileUpdateBody, profileUpdateResponse } from '@cooler-hub/contract/users';
import { SIGNED_IN, signedInUser } from '../../plugins/auth';
import { ifMatch } from '../../plugins/versions';
import type { ProfileService } from './profile.service';

const config = { permission: SIGNED_IN } as const;
const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/api/profile',
    { config, schema: { tags, summary: 'The signed-in user', response: { 200: withVersion(currentUser) } } },
    (request) => profile.get(signedInUser(request)),
  );

  app.put(
    '/api/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Update the signed-in user (role is ignored); answers a fresh token. With If-Match, only while the profile has that version (else 409)',
        body: profileUpdateBody,
        response: { 200: profileUpdateResponse },
      },
    },
    (request) => profile.update(signedInUser(request), request.body, ifMatch(request)),
  );
};
