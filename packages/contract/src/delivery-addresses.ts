/**
 * Delivery addresses: the dispatch and invoice addresses of transfers, as typed and as the geocoder
 * looked them up (docs/decisions/154).
 */
import { z } from 'zod';
import { INVALID_VALUE_MESSAGE, listQuery, listResponse, queryValue, required } from './common';

/** Which address of a transfer. */
export const ADDRESS_TARGETS = ['dispatch', 'invoice'] as const;
export const addressTarget = z.enum(ADDRESS_TARGETS, { error: (i) => (i.input === undefined ? undefined : 'Choose dispatch or invoice.') });
export type AddressTarget = z.infer<typeof addressTarget>;

/**
 * An address: the text typed (searchText) and, when the geocoder found it, the fields it looked up;
 * null otherwise (an address the geocoder did not find keeps only its search text).
 */
export const lookedUpAddress = z.object({
  searchText: z.string(),
  formattedAddress: z.string().nullable(),
  full: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  postcode: z.string().nullable(),
  cleanPostcode: z.string().nullable(),
  placeId: z.string().nullable(),
  /** Street number plus route. */
  address1: z.string().nullable(),
  /** Route. */
  address2: z.string().nullable(),
  /** Area level 1 (England, Scotland, …). */
  address3: z.string().nullable(),
  /** Area level 2 (county or district). */
  address4: z.string().nullable(),
  country: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
});
export type LookedUpAddress = z.infer<typeof lookedUpAddress>;

/** An address with nothing looked up: what is kept when there is no geocoder or it failed. */
export function searchTextOnly(searchText: string): LookedUpAddress {
  return {
    searchText,
    formattedAddress: null,
    full: null,
    lat: null,
    lng: null,
    postcode: null,
    cleanPostcode: null,
    placeId: null,
    address1: null,
    address2: null,
    address3: null,
    address4: null,
    country: null,
    town: null,
    county: null,
  };
}

export const deliveryAddress = z.object({ id: z.number().int(), address: lookedUpAddress, addressTarget });
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

const addressSearchText = requiredString500();
function requiredString500() {
  return required(
    z
      .string()
      .trim()
      .max(500, 'This value is too long. It should have 500 characters or less.')
      .refine((v) => !v.includes('\u0000'), INVALID_VALUE_MESSAGE),
  );
}

/**
 * POST /api/delivery_addresses (id, address, addressTarget). The server geocodes
 * `address.searchText` itself (GEOCODER_URL); looked-up fields a client sends are not trusted and
 * are dropped. `id` is the server's: one sent is ignored.
 */
export const deliveryAddressCreateBody = z.object({
  id: z.unknown().optional(),
  address: required(z.object({ searchText: addressSearchText })),
  addressTarget: z.preprocess((v) => (v === '' || v === null ? undefined : v), addressTarget),
});
export type DeliveryAddressCreateBody = z.infer<typeof deliveryAddressCreateBody>;

/** GET /api/delivery_addresses/used?page=&addressType= — addresses some note uses, newest first. */
export const usedAddressesQuery = listQuery(['id'], { addressType: queryValue(addressTarget) }).omit({ order: true });
export type UsedAddressesQuery = z.infer<typeof usedAddressesQuery>;
export const deliveryAddressList = listResponse(deliveryAddress);

/** GET /api/delivery_addresses/lookup?searchText= — the address picker's blur: geocode without storing. */
export const addressLookupQuery = z.object({ searchText: addressSearchText });
export type AddressLookupQuery = z.infer<typeof addressLookupQuery>;
