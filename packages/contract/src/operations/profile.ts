/** The profile calls, declared once for the server and the web (docs/decisions/281). */
import { currentUser } from '../auth';
import { withVersion } from '../common';
import { profileUpdateBody, profileUpdateResponse } from '../users';
import { operation } from '../operation';

const tags = ['profile'];

export const getProfile = operation({
  operationId: 'getProfile',
  method: 'GET',
  path: '/api/profile',
  summary: 'Get the signed-in user',
  tags,
  signedIn: true,
  response: { 200: withVersion(currentUser) },
});

export const updateProfile = operation({
  operationId: 'updateProfile',
  method: 'PUT',
  path: '/api/profile',
  summary: 'Update the signed-in user',
  description:
    'Update the signed-in user (role is ignored); answers a fresh token. A new password or e-mail needs currentPassword (400 on it when missing or wrong; checked like a sign-in, so 429 when that is throttled); a new e-mail is told to the old address. With If-Match, only while the profile has that version (else 409).',
  tags,
  signedIn: true,
  body: profileUpdateBody,
  response: { 200: profileUpdateResponse },
});
