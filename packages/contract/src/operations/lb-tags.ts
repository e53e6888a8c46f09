/** The lb tags calls, declared once for the server and the web (docs/decisions/281). */
import { uuidParams } from '../common';
import { lbTagQuery, lbTagsBody } from '../lb-tags';
import { operation } from '../operation';

const tags = ['receipts'];

export const printReceiptLbTag = operation({
  operationId: 'printReceiptLbTag',
  method: 'GET',
  path: '/api/receipts/:id/lb_tag.pdf',
  summary: "Print a receipt's LB tag",
  description: "A PDF whose page is the label of the preset; recorded in the receipt's history.",
  tags,
  ability: 'receipts',
  produces: ['application/pdf'],
  params: uuidParams,
  query: lbTagQuery,
});

export const printReceiptLbTags = operation({
  operationId: 'printReceiptLbTags',
  method: 'POST',
  path: '/api/receipts/lb_tags.pdf',
  summary: 'Print the LB tags of several receipts',
  description: "Up to 500 receipts in one PDF, a page per label in the order of ids; recorded in each receipt's history.",
  tags,
  ability: 'receipts',
  produces: ['application/pdf'],
  body: lbTagsBody,
});
