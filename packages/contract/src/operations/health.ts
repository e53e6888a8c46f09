/** The health calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { operation } from '../operation';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

export const getLiveness = operation({
  operationId: 'getLiveness',
  method: 'GET',
  path: '/healthz',
  summary: 'Check that the process answers',
  tags: ['health'],
  public: true,
  response: { 200: status },
});

export const getReadiness = operation({
  operationId: 'getReadiness',
  method: 'GET',
  path: '/readyz',
  summary: 'Check that the process and its database answer',
  description: '503 with status "unavailable" while the database does not answer.',
  tags: ['health'],
  public: true,
  response: { 200: status, 503: status },
});
