/** The search calls, declared once for the server and the web (docs/decisions/281). */
import { searchQuery, searchResponse } from '../search';
import { operation } from '../operation';

const tags = ['search'];

export const search = operation({
  operationId: 'search',
  method: 'GET',
  path: '/api/search',
  summary: 'Search from the top bar',
  description: 'Exact LB number, serial or delivery note number first, then up to 5 partial matches per kind the user may open.',
  tags,
  signedIn: true,
  query: searchQuery,
  response: { 200: searchResponse },
});
