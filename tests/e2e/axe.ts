import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

/** axe-core in the page, WCAG 2.0–2.2 A and AA rules. Returns the violations, briefly described. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
}

export interface Violation {
  id: string
  impact: string | null | undefined
  targets: string[]
}

export async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated by the test harness, not added as a <script>: the page's policy rightly blocks that.
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }
    const results = await axe.run(document, options)
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
  }, RUN_OPTIONS)
}
