/** GET /api/suppliers — ROLE_ADMIN_USER (docs/architecture.md §5). Suppliers are seeded; no call edits them (docs/product.md §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supplierList, supplierListQuery } from '@cooler-hub/contract/customers';
import type { SuppliersService } from './suppliers.service';

const config = { permission: 'ROLE_ADMIN_USER' } as const;
const tags = ['suppliers'];

export const suppliersRoutes: FastifyPluginAsyncZod<{ suppliers: SuppliersService }> = async (app, { suppliers }) => {
  app.get(
    '/api/suppliers',
    { config, schema: { tags, summary: 'List suppliers (name: contains, any case)', querystring: supplierListQuery, response: { 200: supplierList } } },
    (request) => suppliers.list(request.query),
  );
};
