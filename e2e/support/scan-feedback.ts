/**
 * What the scan feedback did in the page, seen from outside: every oscillator the page started
 * through the browser's own Web Audio API (OscillatorNode.prototype.start, wrapped to count and
 * then run as usual) and every flash frame the page put on screen (a MutationObserver on the
 * document). Call before the first page.goto.
 */
import type { Page } from '@playwright/test';

export interface StartedOscillator {
  type: string;
  frequency: number;
}

declare global {
  interface Window {
    scanOscillators?: StartedOscillator[];
    scanFlashes?: string[];
  }
}

export async function watchScanFeedback(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const oscillators: StartedOscillator[] = [];
    const flashes: string[] = [];
    window.scanOscillators = oscillators;
    window.scanFlashes = flashes;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      oscillators.push({ type: this.type, frequency: this.frequency.value });
      return start.call(this, when);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement && node.dataset.scanFlash) flashes.push(node.dataset.scanFlash);
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export function startedOscillators(page: Page): Promise<StartedOscillator[]> {
  return page.evaluate(() => window.scanOscillators ?? []);
}

export function scanFlashes(page: Page): Promise<string[]> {
  return page.evaluate(() => window.scanFlashes ?? []);
}
