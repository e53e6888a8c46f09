/** The suppliers calls (docs/decisions/281). Suppliers are seeded; no call edits them (docs/product.md §7). */
import { supplierList, supplierListQuery } from '../customers';
import { operation } from '../operation';

const tags = ['suppliers'];

export const listSuppliers = operation({
  operationId: 'listSuppliers',
  method: 'GET',
  path: '/api/suppliers',
  summary: 'List suppliers',
  description: 'name: contains, any case.',
  tags,
  ability: 'settings',
  query: supplierListQuery,
  response: { 200: supplierList },
});
