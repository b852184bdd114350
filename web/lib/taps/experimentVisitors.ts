import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { openStore, type Store, type StoreSource, storeOf } from '../db/index.ts'
import type { Experiment } from '../personalization/variant.ts'

/**
 * The A/B test numbers the Calls tool judges by, first-party and counted only from what the server itself
 * served: a visitor counts for a version once, and only when a request of its own carries the signed version
 * cookie the server set (the tracker's beacon after the page loaded, or a tap), and it is not a bot. A
 * visitor id counted under two versions counts for neither, for good (its row keeps no version).
 *
 * Stored in the store of record (web/lib/db): per experiment, one row per visitor (a hash of the cookie's random
 * id, never the id itself, nothing else about the person), with its version, first and last day and taps;
 * the versions' weights as the page last had them (for the split check); and bot requests turned away per
 * day. Rows not seen for KEEP_DAYS days are removed.
 */
export interface ArmStats {
  experiment: string
  arm: string
  /** Visitors who showed they kept the version cookie. */
  visitors: number
  /** Of them, visitors who tapped a call link at least once. */
  converters: number
  taps: number
  /** First and last day (YYYY-MM-DD) a visitor of this version was counted. */
  firstDay: string
  lastDay: string
}

export interface ExperimentCounts {
  arms: ArmStats[]
  /** Per experiment and version, visitors first counted within the last RECENT_DAYS days (the split check's recent window). */
  recent?: Map<string, Map<string, number>>
  /** The versions' weights by experiment, as the page last had them. */
  weights: Map<string, Map<string, number>>
  /** Bot requests to the experiment's page, given no version and not counted. */
  bots: Map<string, number>
  /** Per experiment, per visitor network (a keyed hash): its visitors and converting visitors. */
  networks?: Map<string, { visitors: number; converters: number }[]>
}

export interface ServedVersion {
  experiment: Experiment
  arm: string
  /** The random id from the version cookie. */
  visitor: string
  /** A keyed hash of the network the beacon came from (net/clientKey.ts); '' when not known. */
  network?: string
}

export interface ExperimentVisitors {
  /** The visitor showed it keeps its version cookie (the tracker's beacon). */
  seen(served: ServedVersion, now?: Date): Promise<void>
  /** The visitor tapped a call link (counts as seen too). */
  tapped(served: ServedVersion, now?: Date): Promise<void>
  /** A bot asked for a page of this experiment: counted as excluded, never as a visitor. */
  botExcluded(experiment: string, now?: Date): Promise<void>
  counts(): Promise<ExperimentCounts>
}

export const KEEP_DAYS = 400
/** The split check also reads the visitors of the last this many days, so an early flood cannot freeze a test. */
export const RECENT_DAYS = 7

/** The visitor as stored: a one-way hash of the cookie's id, so the table cannot be used to pose as anyone. */
export function visitorKey(visitor: string): string {
  return createHash('sha256').update(visitor).digest('base64url').slice(0, 22)
}

const day = (now: Date) => now.toISOString().slice(0, 10)

export function experimentVisitors(store: StoreSource): ExperimentVisitors {
  /** The weights last written per experiment, so a beacon writes them only when the page changed them. */
  const writtenWeights = new Map<string, string>()
  let prunedOn = ''

  async function count(kind: 'visit' | 'tap', { experiment, arm, visitor, network = '' }: ServedVersion, now: Date) {
    const { db } = await storeOf(store)
    const weights = JSON.stringify(experiment.arms)
    if (writtenWeights.get(experiment.name) !== weights) {
      await db
        .insertInto('experiment_weights')
        .values(experiment.arms.map(({ key, weight }) => ({ experiment: experiment.name, arm: key, weight })))
        .onConflict((conflict) => conflict.columns(['experiment', 'arm']).doUpdateSet((eb) => ({ weight: eb.ref('excluded.weight') })))
        .execute()
      writtenWeights.set(experiment.name, weights)
    }
    // An id seen under a second version is no one's visitor: its row keeps no version (''), and counts nowhere.
    await db
      .insertInto('experiment_visitors')
      .values({ experiment: experiment.name, visitor: visitorKey(visitor), arm, first_day: day(now), last_day: day(now), taps: kind === 'tap' ? 1 : 0, network_key: network })
      .onConflict((conflict) =>
        conflict.columns(['experiment', 'visitor']).doUpdateSet((eb) => ({
          last_day: eb.ref('excluded.last_day'),
          network_key: sql<string>`CASE WHEN experiment_visitors.network_key = '' THEN excluded.network_key ELSE experiment_visitors.network_key END`,
          arm: sql<string>`CASE WHEN experiment_visitors.arm = excluded.arm THEN experiment_visitors.arm ELSE '' END`,
          ...(kind === 'tap' ? { taps: eb(eb.ref('experiment_visitors.taps'), '+', 1) } : {}),
        })),
      )
      .execute()
    if (prunedOn !== day(now)) {
      prunedOn = day(now)
      await db.deleteFrom('experiment_visitors').where('last_day', '<', day(new Date(now.getTime() - KEEP_DAYS * 86_400_000))).execute()
    }
  }

  return {
    seen: (served, now = new Date()) => count('visit', served, now),
    tapped: (served, now = new Date()) => count('tap', served, now),
    async botExcluded(experiment, now = new Date()) {
      const { db } = await storeOf(store)
      await db
        .insertInto('experiment_bots')
        .values({ day: day(now), experiment, requests: 1 })
        .onConflict((conflict) => conflict.columns(['day', 'experiment']).doUpdateSet((eb) => ({ requests: eb(eb.ref('experiment_bots.requests'), '+', 1) })))
        .execute()
    },
    async counts() {
      const { db } = await storeOf(store)
      const recentSince = new Date(Date.now() - (RECENT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10)
      const [armRows, weightRows, botRows, networkRows, recentRows] = await Promise.all([
        db
          .selectFrom('experiment_visitors')
          .select((eb) => [
            'experiment',
            'arm',
            eb.fn.countAll<number | string>().as('visitors'),
            eb.fn.sum<number | string>(sql`CASE WHEN taps > 0 THEN 1 ELSE 0 END`).as('converters'),
            eb.fn.sum<number | string>('taps').as('taps'),
            eb.fn.min('first_day').as('first_day'),
            eb.fn.max('last_day').as('last_day'),
          ])
          .where('arm', '<>', '')
          .groupBy(['experiment', 'arm'])
          .orderBy('experiment')
          .orderBy('arm')
          .execute(),
        db.selectFrom('experiment_weights').select(['experiment', 'arm', 'weight']).execute(),
        db.selectFrom('experiment_bots').select((eb) => ['experiment', eb.fn.sum<number | string>('requests').as('requests')]).groupBy('experiment').execute(),
        db
          .selectFrom('experiment_visitors')
          .select((eb) => ['experiment', 'network_key', eb.fn.countAll<number | string>().as('visitors'), eb.fn.sum<number | string>(sql`CASE WHEN taps > 0 THEN 1 ELSE 0 END`).as('converters')])
          .where('arm', '<>', '')
          .where('network_key', '<>', '')
          .groupBy(['experiment', 'network_key'])
          .execute(),
        db
          .selectFrom('experiment_visitors')
          .select((eb) => ['experiment', 'arm', eb.fn.countAll<number | string>().as('visitors')])
          .where('arm', '<>', '')
          .where('first_day', '>=', recentSince)
          .groupBy(['experiment', 'arm'])
          .execute(),
      ])
      const arms = armRows.map((row) => ({
        experiment: row.experiment,
        arm: row.arm,
        visitors: Number(row.visitors),
        converters: Number(row.converters),
        taps: Number(row.taps),
        firstDay: String(row.first_day),
        lastDay: String(row.last_day),
      }))
      const weights = new Map<string, Map<string, number>>()
      for (const row of weightRows) {
        if (!weights.has(row.experiment)) weights.set(row.experiment, new Map())
        weights.get(row.experiment)!.set(row.arm, Number(row.weight))
      }
      const bots = new Map(botRows.map((row) => [row.experiment, Number(row.requests)]))
      const networks = new Map<string, { visitors: number; converters: number }[]>()
      for (const row of networkRows) networks.set(row.experiment, [...(networks.get(row.experiment) ?? []), { visitors: Number(row.visitors), converters: Number(row.converters) }])
      const recent = new Map<string, Map<string, number>>()
      for (const row of recentRows) recent.set(row.experiment, (recent.get(row.experiment) ?? new Map<string, number>()).set(row.arm, Number(row.visitors)))
      return { arms, weights, bots, networks, recent }
    },
  }
}

/** The counts of one SQLite file (tests, the report over a copied file). */
export function sqliteExperimentVisitors(file: string): ExperimentVisitors {
  let opened: Promise<Store> | undefined
  return experimentVisitors(() => (opened ??= openStore({ sqlite: file })))
}
