import type { ExperimentReport } from '../../../web/lib/campaigns/report'
import { endedTitle, type PageWithExperiment } from '../../actions/endExperiment'

/**
 * The A/B tests as the pages have them, for the Calls tool to say which have ended. Read in the published
 * perspective: a test stopped in a draft still runs on the site.
 */
export const PAGE_TESTS_QUERY = `*[defined(experiment.name.current)]{ "experiment": experiment{ name, start, stop, kept, "arms": arms[]{ key } } }`

export interface PageTest {
  experiment?: PageWithExperiment['experiment'] | null
}

/** A test of the report as the Calls tool lists it: its numbers as the site recorded them, and, once it ended, when and which version became the page. */
export interface ListedTest {
  test: ExperimentReport
  ended: string | null
}

/**
 * The report's tests in the order the Calls tool lists them: running ones first (in the report's order), then
 * the ended ones, the last ended first. The numbers are the report's, untouched: an ended test keeps the
 * section it had, with the verdict as it stood. A test counts as ended once every page naming it has stopped
 * it; a test no page names is listed with the running ones, since nothing says when it ended.
 */
export function listedTests(tests: readonly ExperimentReport[], pages: readonly PageTest[], now: number = Date.now()): ListedTest[] {
  const listed = tests.map((test) => {
    const named = pages.flatMap((page) => (page.experiment?.name?.current === test.experiment ? [page.experiment] : []))
    const stopped = named.every((experiment) => endedTitle(experiment, now) !== null) ? named.sort((a, b) => Date.parse(b.stop!) - Date.parse(a.stop!))[0] : undefined
    return { test, ended: stopped ? endedTitle(stopped, now) : null, stoppedAt: stopped ? Date.parse(stopped.stop!) : 0 }
  })
  const running = listed.filter((entry) => entry.ended === null)
  const ended = listed.filter((entry) => entry.ended !== null).sort((a, b) => b.stoppedAt - a.stoppedAt)
  return [...running, ...ended].map(({ test, ended: title }) => ({ test, ended: title }))
}
