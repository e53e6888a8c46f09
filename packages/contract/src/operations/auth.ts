/** The auth calls, declared once for the server and the web (docs/decisions/281). */
import { loginCheckBody, tokenResponse } from '../auth';
import { operation } from '../operation';

export const signIn = operation({
  operationId: 'signIn',
  method: 'POST',
  path: '/api/login_check',
  summary: 'Sign in with user name or e-mail',
  description:
    'Answers a Bearer token for the other calls. Repeated failures are throttled per account and per address (429 with Retry-After).',
  tags: ['auth'],
  public: true,
  errors: [429],
  body: loginCheckBody,
  response: { 200: tokenResponse },
});
