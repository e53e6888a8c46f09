/**
 * Address look-up on the server (docs/architecture.md §5, docs/product.md §4 and §9; docs/decisions/154): a
 * Nominatim-compatible service at GEOCODER_URL, results in Great Britain only. Without one, or when
 * it fails, is slow or finds nothing, the address keeps only its search text — never an error.
 */
import { searchTextOnly, type LookedUpAddress } from '@cooler-hub/contract/delivery-addresses';

export interface Geocoder {
  geocode(searchText: string): Promise<LookedUpAddress>;
}

/** Nominatim's `jsonv2` result, as far as we read it. */
export interface NominatimResult {
  place_id?: number | string;
  lat?: string | number;
  lon?: string | number;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const coordinate = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Nominatim's fields → the looked-up address of docs/product.md §3. */
export function addressFromNominatim(searchText: string, r: NominatimResult): LookedUpAddress {
  const a = r.address ?? {};
  const road = text(a.road);
  const houseNumber = text(a.house_number);
  const postcode = text(a.postcode);
  const full = text(r.display_name);
  return {
    searchText,
    formattedAddress: full,
    full,
    lat: coordinate(r.lat),
    lng: coordinate(r.lon),
    postcode,
    cleanPostcode: postcode ? postcode.replace(/\s+/g, '').toUpperCase() : null,
    placeId: r.place_id === undefined || r.place_id === null ? null : String(r.place_id),
    address1: houseNumber && road ? `${houseNumber} ${road}` : road,
    address2: road,
    address3: text(a.state),
    address4: text(a.county) ?? text(a.state_district),
    country: text(a.country),
    town: text(a.city) ?? text(a.town) ?? text(a.village) ?? text(a.hamlet) ?? text(a.suburb),
    county: text(a.county),
  };
}

/** `${base}/search`, unless the configured URL already names the search endpoint. */
export function searchUrl(base: string, searchText: string): URL {
  const url = new URL(base);
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
  url.searchParams.set('q', searchText);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', '1');
  url.searchParams.set('countrycodes', 'gb');
  return url;
}

export interface GeocoderOptions {
  /** Called when a look-up fails (logged, never thrown). */
  onError?: (error: unknown) => void;
  timeoutMs?: number;
}

export function createGeocoder(baseUrl: string | undefined, options: GeocoderOptions = {}): Geocoder {
  const timeoutMs = options.timeoutMs ?? 3000;
  return {
    async geocode(searchText) {
      if (!baseUrl) return searchTextOnly(searchText);
      try {
        const res = await fetch(searchUrl(baseUrl, searchText), {
          headers: { accept: 'application/json', 'user-agent': 'CoolerHub/1.0 (delivery addresses)' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
        const body: unknown = await res.json();
        const first = Array.isArray(body) ? (body[0] as unknown) : undefined;
        if (!first || typeof first !== 'object') return searchTextOnly(searchText);
        return addressFromNominatim(searchText, first);
      } catch (error) {
        options.onError?.(error);
        return searchTextOnly(searchText);
      }
    },
  };
}
