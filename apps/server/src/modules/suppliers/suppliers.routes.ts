/** GET /api/suppliers, declared in the contract (operations/suppliers.ts). Suppliers are seeded; no call edits them (docs/product.md §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as ops from '@cooler-hub/contract/operations/suppliers';
import { routeOf } from '../../lib/route-of';
import type { SuppliersService } from './suppliers.service';

export const suppliersRoutes: FastifyPluginAsyncZod<{ suppliers: SuppliersService }> = async (app, { suppliers }) => {
  app.route(routeOf(ops.listSuppliers, (request) => suppliers.list(request.query)));
};
