/**
 * A separate Chromium whose camera is a video file (docs/architecture.md §2): Chromium's fake capture device
 * plays the .y4m in a loop, the permission prompt is answered yes, and the context is granted the
 * camera. Everything else — executable, flags, locale, time zone — is what playwright.config.ts
 * gives every test.
 */
import { chromium, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { hubFor, signInWithToken } from './fixtures';

export interface CameraSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export async function openWithFakeCamera(testInfo: TestInfo, videoFile: string, token: string): Promise<CameraSession> {
  const use = testInfo.project.use;
  const launch = use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
  const context = await browser.newContext({
    baseURL: hubFor(testInfo.parallelIndex).url,
    locale: use.locale,
    timezoneId: use.timezoneId,
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await signInWithToken(page, token);
  return {
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}
