import { sqliteExperimentVisitors, type ServedVersion } from '../../web/lib/taps/experimentVisitors'
import { sqliteCallLog } from '../../web/lib/taps/store'

/**
 * A call log with a week of taps and two A/B tests, for the Studio's Calls tool in tests and screenshots.
 * Deterministic: the same counts every run.
 * - home-headline: a fair split, B ahead but not yet conclusive;
 * - ants-offer: a broken split (600 / 400 against 50 / 50), so the tool names no winner.
 */
export async function seedCallLog(file: string, now = new Date()): Promise<void> {
  const log = sqliteCallLog(file)
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000)
  const base = { source: 'hero-button', location: '', variant: '', experiment: '', arm: '', number: '', clickId: false }
  const groups: { daysAgo: number; page: string; keyword: string; experiment?: string; arm?: string; number?: string; taps: number }[] = [
    { daysAgo: 0, page: '/', keyword: 'Termite Control', experiment: 'home-headline', arm: 'A', taps: 9 },
    { daysAgo: 0, page: '/', keyword: 'Termite Control', experiment: 'home-headline', arm: 'B', number: '+12125550101', taps: 14 },
    { daysAgo: 0, page: '/ants', keyword: '', taps: 4 },
    { daysAgo: 1, page: '/', keyword: 'Wasp Removal', experiment: 'home-headline', arm: 'A', taps: 11 },
    { daysAgo: 1, page: '/', keyword: 'Wasp Removal', experiment: 'home-headline', arm: 'B', number: '+12125550101', taps: 13 },
    { daysAgo: 1, page: '/v2', keyword: '', number: '+12145550103', taps: 6 },
    { daysAgo: 2, page: '/bed-bugs', keyword: '', taps: 3 },
  ]
  for (const group of groups) {
    for (let i = 0; i < group.taps; i++) {
      await log.record({ ...base, at: day(group.daysAgo).toISOString(), page: group.page, keyword: group.keyword, experiment: group.experiment ?? '', arm: group.arm ?? '', number: group.number ?? '' })
    }
  }
  const visitors = sqliteExperimentVisitors(file)
  const tests = {
    'home-headline': { name: 'home-headline', arms: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }] },
    'ants-offer': { name: 'ants-offer', arms: [{ key: 'A', weight: 50 }, { key: 'B', weight: 50 }] },
  }
  // [test, version, visitors, converting visitors, taps of each converting visitor]
  const plan: [keyof typeof tests, string, number, number, number][] = [
    ['home-headline', 'A', 400, 18, 1],
    ['home-headline', 'B', 403, 24, 1],
    ['ants-offer', 'A', 600, 30, 1],
    ['ants-offer', 'B', 400, 40, 2],
  ]
  for (const [test, arm, count, converters, taps] of plan) {
    for (let visitor = 0; visitor < count; visitor++) {
      const served: ServedVersion = { experiment: tests[test], arm, visitor: `${test}-${arm}-${visitor}` }
      const when = day(visitor % 7)
      await visitors.seen(served, when)
      if (visitor < converters) for (let tap = 0; tap < taps; tap++) await visitors.tapped(served, when)
    }
  }
  for (let bot = 0; bot < 12; bot++) await visitors.botExcluded('home-headline', day(bot % 3))
}
