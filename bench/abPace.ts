// An A/B test at the real pace (tests/support/abPace.ts): the scenario tests/e2e/abPace.e2e.ts runs with a
// short content re-read interval, here with the default (30 s) and 32, 40 and 33 s of quiet, on `npm start`
// and plain `next start` at once. Prints, per host, whether the crawlers got no cookie, whether every first
// visit after quiet got a signed version, the split of 200 first visits, and whether ending the test stopped
// new cookies. About two minutes.
// Usage: npm run build && npm run bench:ab-pace
import { burstFigures, endTest, PAGE, paceScenario, startPaceSites, visit } from '../tests/support/abPace.ts'

const HOSTS = [
  { name: 'npm start', server: 'site' as const, port: 3293 },
  { name: 'next start', server: 'next' as const, port: 3294 },
]
const pace = await startPaceSites(4396, HOSTS)
try {
  const started = Date.now()
  const results = await Promise.all(HOSTS.map(async (host) => ({ host, ...(await paceScenario(pace.sites.get(host.name)!.url, [32_000, 40_000, 33_000])) })))
  console.log(`scenario: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  for (const { host, crawlerCookies, early, late, burst } of results) {
    const { signed, a, hits } = burstFigures(burst)
    const base = pace.sites.get(host.name)!.url
    const webhook = await endTest(pace.lake, base)
    const after = await visit(base, `${PAGE}?gclid=after-end`)
    console.log(
      [
        `${host.name}:`,
        `  crawlers without a cookie: ${crawlerCookies.filter((cookie) => cookie === '').length} of ${crawlerCookies.length}`,
        `  first visits after quiet with a signed version: ${[...early, ...late].filter((first) => first.enrollment).length} of ${early.length + late.length}`,
        `  200 first visits: ${signed} signed cookies, a ${a} / b ${signed - a}${host.server === 'site' ? `, ${hits} from the page cache` : ''}`,
        `  ended: webhook ${webhook.status}, next first visit ${after.status} ${after.cookie === '' ? 'without a cookie' : `with ${after.cookie}`}`,
      ].join('\n'),
    )
  }
} finally {
  await pace.close()
}
