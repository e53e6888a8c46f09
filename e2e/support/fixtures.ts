/**
 * What the specs share: talking to the real API (to seed data through seed.ts, and to sign in the
 * way the web does), opening the app as a signed-in user, and the accessibility check every screen must pass.
 */
import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { Hub } from '../global-setup';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './accounts';

export { expect };

export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/login_check', { data: { username, password } });
  expect(res.status(), `login of ${username}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export class Api {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async get<T>(path: string): Promise<T> {
    const res = await this.request.get(path, { headers: this.headers });
    expect(res.status(), `GET ${path}`).toBe(200);
    return (await res.json()) as T;
  }

  async post<T>(path: string, data: unknown): Promise<T> {
    const res = await this.request.post(path, { headers: this.headers, data });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }

  async put<T>(path: string, data: unknown): Promise<T> {
    const res = await this.request.put(path, { headers: this.headers, data });
    expect(res.status(), `PUT ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }

  /** A multipart POST (fields in the given order, then the file), e.g. an image to /api/file_upload. */
  async upload<T>(path: string, fields: Record<string, string>, file: { name: string; mimeType: string; buffer: Buffer }): Promise<T> {
    const res = await this.request.post(path, { headers: this.headers, multipart: { ...fields, file } });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
}

/**
 * Puts the token where the web keeps it before the first page script runs — once per tab, so a
 * token the app later replaces or clears (profile update, 401, Sign Out) stays replaced on reload.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('token', t);
  }, token);
}

/**
 * No serious or critical axe violation on what the page shows now. Besides axe's default rules it
 * runs label-content-name-mismatch (WCAG 2.5.3, still 'experimental' in axe): a control whose
 * accessible name differs from its visible text cannot be operated by voice.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Contrast is judged on what stays on screen, not mid-fade: a 500 ms reveal or a toast sliding in
  // measured at half opacity failed the check on a loaded machine. Endless ones (spinners) are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

interface Fixtures {
  admin: Api;
  /** A page signed in as the seeded admin. */
  adminPage: Page;
}

interface WorkerFixtures {
  /** This worker's own app (global-setup.ts starts one per worker). */
  hub: Hub;
}

/** The app global-setup started for the worker with this index. */
export function hubFor(parallelIndex: number): Hub {
  const hubs = JSON.parse(process.env.E2E_HUBS ?? '[]') as Hub[];
  const hub = hubs[parallelIndex];
  if (!hub) throw new Error(`no app for worker ${parallelIndex}: run the specs through the Playwright config`);
  return hub;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  hub: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const hub = hubFor(workerInfo.parallelIndex);
      process.env.E2E_INBOX = hub.inbox;
      await use(hub);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ hub }, use) => use(hub.url),
  admin: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const token = await apiToken(request, ADMIN_USERNAME, ADMIN_PASSWORD);
    await use(new Api(request, token));
    await request.dispose();
  },
  adminPage: async ({ page, admin }, use) => {
    await signInWithToken(page, admin.token);
    await use(page);
  },
});
