/**
 * OpenAPI from the contract's zod schemas (jsonSchemaTransform) at /api/docs/json, Swagger UI at
 * /api/docs. Registered before the routes so @fastify/swagger sees each of them.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const docsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cooler Hub API',
        version: '1.0.0',
        description: 'Errors follow docs/architecture.md §4: 400 ConstraintViolationList or hydra:Error, 401 {code, message}.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to validator.swagger.io: the page only talks to our own origin (CSP connect-src 'self').
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
};

export default fp(docsPlugin, { name: 'docs', fastify: '5.x' });
