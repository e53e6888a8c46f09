/** The mail calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { operation } from '../operation';

/** Public: the unguessable token is the only key; any value gets the same image, never a 404. */
export const getMailTrackingImage = operation({
  operationId: 'getMailTrackingImage',
  method: 'GET',
  path: '/api/mail/t/:token.gif',
  summary: "Get a message's read-tracking image",
  description: 'A transparent 1×1 GIF for any token; its first load marks the message read.',
  tags: ['mail'],
  public: true,
  produces: ['image/gif'],
  notFound: false,
  params: z.object({ token: z.string().max(200) }),
});
