import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * The one way the suite asks axe about a screen. axe is put into the page only when the document
 * does not have it yet: a walk through the app's screens (pushState, no reload) injects it once and
 * then scans each screen in about a tenth of the time. @axe-core/playwright injected its 560 kB into
 * the page and into a second, blank page on every scan, about 1.5 s each on the 2-core machine,
 * several hundred times a run.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.1 levels A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeScan {
  /** Only the part of the page this selector finds; the whole document otherwise. */
  include?: string;
  /** Only the rules with these tags; every rule axe runs by default otherwise. */
  tags?: readonly string[];
}

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * Every violation axe finds on the page once its transitions are over: a dialog or notice still
 * fading in has text at part opacity, which axe reads as too little contrast.
 */
export async function axeViolations(page: Page, { include, tags }: AxeScan = {}): Promise<AxeResults['violations']> {
  await page.evaluate(async () => {
    // Two frames first: a transition starts a frame after its element mounts.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    // A paused animation never finishes: two seconds is more than any fade of the app.
    const atMost = new Promise((done) => setTimeout(done, 2_000));
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), atMost]);
  });
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  // Only the violations are read: axe then keeps one example node of each passed, inapplicable or
  // incomplete rule instead of every node, which halved its time on the walk of every screen.
  const options: RunOptions = { resultTypes: ['violations'], ...(tags ? { runOnly: { type: 'tag', values: [...tags] } } : {}) };
  const results = await page.evaluate(
    ([selector, runOptions]) => window.axe!.run(selector ? { include: [selector] } : document, runOptions),
    [include, options] as const,
  );
  return results.violations;
}

/** The serious and critical findings, each with the first few elements it names. */
export async function seriousViolations(page: Page, scan: AxeScan = {}, elements = 5) {
  return (await axeViolations(page, scan))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, elements) }));
}
