/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// The server's Content-Security-Policy forbids inline scripts, so page.addScriptTag is
// blocked; page.evaluate runs through the DevTools protocol, which the policy does not cover.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rules whose violations are at most moderate: seriousA11yViolations drops what they find,
 * so they are not run at all (32 of axe's 104 rules, among them `region`, one of the slowest).
 * Each rule's `impact` is the most its violations can have (axe-core's rule metadata).
 */
const rulesBelowSerious: string[] = (
  require('axe-core') as { _audit: { rules: { id: string; impact?: string }[] } }
)._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns the violations of serious or critical impact, each
 * as one readable line (rule, help, first elements), so a failing expectation says what to fix.
 *
 * Colour contrast is read from what is on screen at that instant: text under a notification or
 * a tooltip that is fading out, or a button caught mid-transition, reads as too faint. So when the
 * only findings are contrast ones, the page is checked once more a second later and that second
 * reading counts: a real contrast fault is still there, a passing overlay is not.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const first = await seriousViolationsNow(page);
  if (first.length === 0 || first.some((v) => v.id !== 'color-contrast')) return first.map(describe);
  await page.waitForTimeout(1_000);
  return (await seriousViolationsNow(page)).map(describe);
}

async function seriousViolationsNow(page: Page): Promise<AxeViolation[]> {
  // Colours read half-way through a CSS transition (a button fading back from its hover colour,
  // a dialog fading in) are not the page's: wait for running transitions to end, for at most 2 s
  // (then check anyway, as before).
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (skip) => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const rules = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations;
  }, rulesBelowSerious);
  return (violations as AxeViolation[]).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

function describe(violation: AxeViolation): string {
  return `${violation.impact} ${violation.id}: ${violation.help} -> ${violation.nodes
    .slice(0, 3)
    .map((node) => node.target.join(' '))
    .join(' | ')}`;
}
