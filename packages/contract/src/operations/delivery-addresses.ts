/** The delivery addresses calls, declared once for the server and the web (docs/decisions/281). */
import {
  addressLookupQuery,
  deliveryAddress,
  deliveryAddressCreateBody,
  deliveryAddressList,
  lookedUpAddress,
  usedAddressesQuery,
} from '../delivery-addresses';
import { operation } from '../operation';

const tags = ['delivery addresses'];

export const listUsedDeliveryAddresses = operation({
  operationId: 'listUsedDeliveryAddresses',
  method: 'GET',
  path: '/api/delivery_addresses/used',
  summary: 'List the addresses notes use',
  description: 'addressType: dispatch or invoice; newest first.',
  tags,
  ability: 'customers',
  query: usedAddressesQuery,
  response: { 200: deliveryAddressList },
});

export const lookUpDeliveryAddress = operation({
  operationId: 'lookUpDeliveryAddress',
  method: 'GET',
  path: '/api/delivery_addresses/lookup',
  summary: 'Geocode a typed address',
  description: 'GB only, nothing stored; without a geocoder, or when it fails, only the search text comes back.',
  tags,
  ability: 'customers',
  query: addressLookupQuery,
  response: { 200: lookedUpAddress },
});

export const createDeliveryAddress = operation({
  operationId: 'createDeliveryAddress',
  method: 'POST',
  path: '/api/delivery_addresses',
  summary: 'Store an address typed in a picker',
  description: 'Geocoded on the server (201); the same text for the same target again answers the stored one (200).',
  tags,
  ability: 'customers',
  body: deliveryAddressCreateBody,
  response: { 200: deliveryAddress, 201: deliveryAddress },
});
