/**
 * A Nominatim-like stand-in for the app's address look-up (apps/server/src/lib/geocoder.ts;
 * docs/decisions/174): GET …/search?q=&format=jsonv2&countrycodes=gb answers one known UK address
 * when the text names it, and [] (nothing found) otherwise. global-setup.ts starts it and passes
 * its URL to the app as GEOCODER_URL; specs type the texts below and expect the formatted lines.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface KnownAddress {
  /** Typed text containing this (any case) finds the address. */
  match: string;
  display_name: string;
  road: string;
  house_number: string;
  postcode: string;
  city: string;
  county: string;
}

export const KNOWN_ADDRESSES = {
  millLane: {
    match: 'mill lane',
    display_name: '12 Mill Lane, Leeds, West Yorkshire, England, LS1 4AB, United Kingdom',
    road: 'Mill Lane',
    house_number: '12',
    postcode: 'LS1 4AB',
    city: 'Leeds',
    county: 'West Yorkshire',
  },
  quayStreet: {
    match: 'quay street',
    display_name: '3 Quay Street, Bristol, England, BS1 4DJ, United Kingdom',
    road: 'Quay Street',
    house_number: '3',
    postcode: 'BS1 4DJ',
    city: 'Bristol',
    county: 'City of Bristol',
  },
} satisfies Record<string, KnownAddress>;

function answer(q: string): object[] {
  const text = q.toLowerCase();
  const found = Object.values(KNOWN_ADDRESSES).find((a) => text.includes(a.match));
  if (!found) return [];
  return [
    {
      place_id: 1000 + found.house_number.length,
      lat: '53.79',
      lon: '-1.54',
      display_name: found.display_name,
      address: {
        house_number: found.house_number,
        road: found.road,
        city: found.city,
        county: found.county,
        state: 'England',
        postcode: found.postcode,
        country: 'United Kingdom',
        country_code: 'gb',
      },
    },
  ];
}

/** Starts the stand-in on a free port; answers its base URL and a stop function. */
export async function startGeocoder(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://geocoder');
    // Only GB is asked for (docs/product.md §5.4); anything else is a bug in the app's call.
    if (!url.pathname.endsWith('/search') || url.searchParams.get('countrycodes') !== 'gb') {
      res.writeHead(400).end('bad request');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(url.searchParams.get('q') ?? '')));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nominatim`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((ok) => server.close(ok));
    },
  };
}
