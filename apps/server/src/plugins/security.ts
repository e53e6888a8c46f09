/**
 * Security headers on every answer — API, static files, 404s and errors alike — through helmet's
 * onRequest hook (it sets them on the raw response, so an error later cannot drop them).
 * The CSP allows only our own origin and no inline script; inline styles stay allowed because
 * Mantine writes them, and 'wasm-unsafe-eval' lets the barcode reader's WASM (served by us) compile.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

const securityPlugin: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    global: true,
    // No helmet defaults: 'upgrade-insecure-requests' would break the plain-http LAN deployment.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Served over plain http on internal networks too; HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
  });
};

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
