import { createHash } from 'node:crypto'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { callLogFile } from '../calls/index.ts'
import { openCallLogDatabase } from '../calls/store.ts'
import type { Experiment } from '../personalization/variant.ts'

/**
 * The A/B test numbers the Calls tool judges by, first-party and counted only from what the server itself
 * served: a visitor counts for a version once, and only when a request of its own carries the signed version
 * cookie the server set (the tracker's beacon after the page loaded, or a tap), and it is not a bot. A
 * visitor id counted under two versions counts for neither, for good (its row keeps no version).
 *
 * Stored in the call log's SQLite file: per experiment, one row per visitor (a hash of the cookie's random
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
  /** The versions' weights by experiment, as the page last had them. */
  weights: Map<string, Map<string, number>>
  /** Bot requests to the experiment's page, given no version and not counted. */
  bots: Map<string, number>
}

export interface ServedVersion {
  experiment: Experiment
  arm: string
  /** The random id from the version cookie. */
  visitor: string
}

export interface ExperimentVisitors {
  /** The visitor showed it keeps its version cookie (the tracker's beacon). */
  seen(served: ServedVersion, now?: Date): void
  /** The visitor tapped a call link (counts as seen too). */
  tapped(served: ServedVersion, now?: Date): void
  /** A bot asked for a page of this experiment: counted as excluded, never as a visitor. */
  botExcluded(experiment: string, now?: Date): void
  counts(): ExperimentCounts
  close(): void
}

export const KEEP_DAYS = 400

/** The visitor as stored: a one-way hash of the cookie's id, so the table cannot be used to pose as anyone. */
function visitorKey(visitor: string): string {
  return createHash('sha256').update(visitor).digest('base64url').slice(0, 22)
}

const day = (now: Date) => now.toISOString().slice(0, 10)

export function sqliteExperimentVisitors(file: string): ExperimentVisitors {
  let db: DatabaseSync | undefined
  let statements: Record<'visit' | 'tap' | 'weight' | 'bot' | 'prune' | 'arms' | 'weights' | 'bots', StatementSync> | undefined
  /** The weights last written per experiment, so a beacon writes them only when the page changed them. */
  const writtenWeights = new Map<string, string>()
  let prunedOn = ''

  function open() {
    if (!statements) {
      db = openCallLogDatabase(file)
      db.exec(`
        CREATE TABLE IF NOT EXISTS experiment_visitors (
          experiment TEXT NOT NULL, visitor TEXT NOT NULL, arm TEXT NOT NULL,
          first_day TEXT NOT NULL, last_day TEXT NOT NULL, taps INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (experiment, visitor)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS experiment_weights (
          experiment TEXT NOT NULL, arm TEXT NOT NULL, weight REAL NOT NULL, PRIMARY KEY (experiment, arm)
        );
        CREATE TABLE IF NOT EXISTS experiment_bots (
          day TEXT NOT NULL, experiment TEXT NOT NULL, requests INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (day, experiment)
        );
      `)
      // An id seen under a second version is no one's visitor: its row keeps no version (''), and counts nowhere.
      const upsert =
        "INSERT INTO experiment_visitors (experiment, visitor, arm, first_day, last_day, taps) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (experiment, visitor) DO UPDATE SET last_day = excluded.last_day, arm = CASE WHEN experiment_visitors.arm = excluded.arm THEN experiment_visitors.arm ELSE '' END"
      statements = {
        visit: db.prepare(upsert),
        tap: db.prepare(`${upsert}, taps = taps + 1`),
        weight: db.prepare('INSERT INTO experiment_weights (experiment, arm, weight) VALUES (?, ?, ?) ON CONFLICT (experiment, arm) DO UPDATE SET weight = excluded.weight'),
        bot: db.prepare('INSERT INTO experiment_bots (day, experiment, requests) VALUES (?, ?, 1) ON CONFLICT (day, experiment) DO UPDATE SET requests = requests + 1'),
        prune: db.prepare('DELETE FROM experiment_visitors WHERE last_day < ?'),
        arms: db.prepare(
          "SELECT experiment, arm, COUNT(*) AS visitors, SUM(taps > 0) AS converters, SUM(taps) AS taps, MIN(first_day) AS first_day, MAX(last_day) AS last_day FROM experiment_visitors WHERE arm <> '' GROUP BY experiment, arm ORDER BY experiment, arm",
        ),
        weights: db.prepare('SELECT experiment, arm, weight FROM experiment_weights'),
        bots: db.prepare('SELECT experiment, SUM(requests) AS requests FROM experiment_bots GROUP BY experiment'),
      }
    }
    return statements
  }

  function count(kind: 'visit' | 'tap', { experiment, arm, visitor }: ServedVersion, now: Date) {
    const statement = open()
    const weights = JSON.stringify(experiment.arms)
    if (writtenWeights.get(experiment.name) !== weights) {
      for (const { key, weight } of experiment.arms) statement.weight.run(experiment.name, key, weight)
      writtenWeights.set(experiment.name, weights)
    }
    statement[kind].run(experiment.name, visitorKey(visitor), arm, day(now), day(now), kind === 'tap' ? 1 : 0)
    if (prunedOn !== day(now)) {
      prunedOn = day(now)
      statement.prune.run(day(new Date(now.getTime() - KEEP_DAYS * 86_400_000)))
    }
  }

  return {
    seen: (served, now = new Date()) => count('visit', served, now),
    tapped: (served, now = new Date()) => count('tap', served, now),
    botExcluded(experiment, now = new Date()) {
      open().bot.run(day(now), experiment)
    },
    counts() {
      const statement = open()
      const arms = statement.arms.all().map((row) => ({
        experiment: String(row.experiment),
        arm: String(row.arm),
        visitors: Number(row.visitors),
        converters: Number(row.converters),
        taps: Number(row.taps),
        firstDay: String(row.first_day),
        lastDay: String(row.last_day),
      }))
      const weights = new Map<string, Map<string, number>>()
      for (const row of statement.weights.all()) {
        const experiment = String(row.experiment)
        if (!weights.has(experiment)) weights.set(experiment, new Map())
        weights.get(experiment)!.set(String(row.arm), Number(row.weight))
      }
      const bots = new Map(statement.bots.all().map((row) => [String(row.experiment), Number(row.requests)]))
      return { arms, weights, bots }
    },
    close() {
      db?.close()
      db = undefined
      statements = undefined
    },
  }
}

let configured: ExperimentVisitors | undefined

/** The counts beside the configured call log file (CALL_LOG_FILE, default .data/calls.sqlite). */
export function configuredExperimentVisitors(): ExperimentVisitors {
  configured ??= sqliteExperimentVisitors(callLogFile())
  return configured
}

/** Counts a bot turned away from a page with a running test; never throws (the page must not fail for it). */
export function recordBotExcluded(experiment: string): void {
  try {
    configuredExperimentVisitors().botExcluded(experiment)
  } catch (error) {
    console.error(`[experiments] bot not counted: ${error instanceof Error ? error.message : String(error)}`)
  }
}
