/**
 * Security headers on every answer — API, static files, 404s and errors alike — through helmet's
 * onRequest hook (it sets them on the raw response, so an error later cannot drop them).
 * The CSP allows only our own origin and no inline script; inline styles stay allowed because
 * Mantine writes them, and 'wasm-unsafe-eval' lets the barcode reader's WASM (served by us) compile.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The same headers as plain values, for the few answers Fastify sends before any hook runs
 * (a URL that cannot be decoded): see `frameworkErrors` in app.ts.
 */
export const BASELINE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * helmet's middleware, built once: @fastify/helmet built it again on every request, parsing the
 * policy each time (about 30 µs of a 130 µs call: docs/decisions/287).
 */
const securityHeaders = helmet({
  // No helmet defaults: 'upgrade-insecure-requests' would break the plain-http LAN deployment.
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Served over plain http on internal networks too; HSTS belongs to the TLS-terminating proxy.
  strictTransportSecurity: false,
});

const securityPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
};

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
