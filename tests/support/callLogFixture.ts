import { sqliteArmVisits } from '../../web/lib/campaigns/armVisits'
import { sqliteCallLog } from '../../web/lib/calls/store'

/**
 * A call log with a week of taps and a running experiment (visitors counted per arm), for the
 * Studio's Calls tool in tests and screenshots. Deterministic: the same counts every run.
 */
export async function seedCallLog(file: string, now = new Date()): Promise<void> {
  const log = sqliteCallLog(file)
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString()
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
      await log.record({ ...base, at: day(group.daysAgo), page: group.page, keyword: group.keyword, experiment: group.experiment ?? '', arm: group.arm ?? '', number: group.number ?? '' })
    }
  }
  const visits = sqliteArmVisits(file)
  for (const [daysAgo, arm, count] of [[0, 'A', 210], [0, 'B', 205], [1, 'A', 190], [1, 'B', 198]] as const) {
    for (let i = 0; i < count; i++) visits.record('home-headline', arm, new Date(day(daysAgo)))
  }
  visits.close()
}
