/**
 * A keyboard-wedge scanner and a person at the keyboard, for the browser tests: each key is sent
 * through CDP `Input.dispatchKeyEvent` stamped with the time the keystroke-timing model gives it
 * (keystroke-timing.ts; docs/decisions/275) — the device's time, as the operating system stamps a
 * real scanner's keys. A scanner's code is sent all at once, as the device does (the browser queues
 * the keys while the page is busy, it never waits for the page); a person's keys are sent at their
 * own moments. page.keyboard.type(text, { delay }) is no model of either: its gaps are whatever the
 * loaded test machine makes of them.
 */
import type { CDPSession, Page } from '@playwright/test';
import { KeystrokeTiming, type Keystroke, type TimingProfile } from './keystroke-timing';

export type { TimingProfile } from './keystroke-timing';

interface Device {
  cdp: CDPSession;
  /** When the last code began and ended (its Enter), seconds on the scanner's clock. */
  began: number;
  ended: number;
  timings: Map<TimingProfile, KeystrokeTiming>;
}

const devices = new WeakMap<Page, Device>();
/** Each test's codes get their own stream of timings; a fixed seed makes a failure repeatable. */
const SEED = Number(process.env.KEYSTROKE_SEED ?? 20261125);

async function device(page: Page): Promise<Device> {
  let found = devices.get(page);
  if (!found) {
    found = { cdp: await page.context().newCDPSession(page), began: 0, ended: 0, timings: new Map() };
    devices.set(page, found);
  }
  return found;
}

function timingOf(d: Device, profile: TimingProfile): KeystrokeTiming {
  let timing = d.timings.get(profile);
  if (!timing) {
    timing = new KeystrokeTiming(profile, SEED);
    d.timings.set(profile, timing);
  }
  return timing;
}

const ENTER = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };

function send(cdp: CDPSession, { key, atMs }: Keystroke, start: number): Promise<unknown>[] {
  const timestamp = start + atMs / 1000;
  if (key === 'Enter') {
    return [
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', unmodifiedText: '\r', ...ENTER, timestamp }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...ENTER, timestamp: timestamp + 0.0005 }),
    ];
  }
  return [
    cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key, unmodifiedText: key, timestamp }),
    cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: timestamp + 0.0005 }),
  ];
}

/** The scanner's timing profiles (a person is `typeAsPerson`). */
export const SCANNER_PROFILES = ['usb', 'bluetooth', 'busy'] as const satisfies readonly TimingProfile[];

/**
 * A scanner reads `code`: its keys and Enter, spaced by `profile` (default Bluetooth, the kind
 * most floors use), into whatever has the focus. `startAt` (ms after the previous code began)
 * spaces codes on the scanner's clock — 50 for 20 a second — but a code never starts before the
 * previous one's Enter plus one gap of the profile; without it the code starts now.
 */
export async function scan(page: Page, code: string, options: { profile?: TimingProfile; startAt?: number } = {}): Promise<void> {
  const d = await device(page);
  const timing = timingOf(d, options.profile ?? 'bluetooth');
  const keys = timing.code(code);
  const earliest = d.ended + timing.gap() / 1000;
  const start = Math.max(options.startAt === undefined ? Date.now() / 1000 : d.began + options.startAt / 1000, earliest);
  d.began = start;
  d.ended = start + keys.at(-1)!.atMs / 1000;
  await Promise.all(keys.flatMap((k) => send(d.cdp, k, start)));
}

/**
 * A person types `text` (80–250 ms between keys), each key sent at its moment, then Enter unless
 * `enter: false`.
 */
export async function typeAsPerson(page: Page, text: string, options: { enter?: boolean } = {}): Promise<void> {
  const d = await device(page);
  const keys = timingOf(d, 'person').code(text);
  if (options.enter === false) keys.pop();
  const start = Math.max(Date.now() / 1000, d.ended + 0.5);
  for (const key of keys) {
    const wait = start * 1000 + key.atMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await Promise.all(send(d.cdp, key, start));
  }
  d.began = start;
  d.ended = start + (keys.at(-1)?.atMs ?? 0) / 1000;
}
