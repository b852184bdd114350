import type { Migration, MigrationProvider } from 'kysely/migration'
import * as numbers from './0001_numbers.ts'
import * as tapKeys from './0002_tap_keys.ts'
import * as webhookDeliveries from './0003_webhook_deliveries.ts'
import * as voice from './0004_voice.ts'
import * as outsiders from './0005_outsiders.ts'
import * as providers from './0006_providers.ts'
import * as callOutcomes from './0007_call_outcomes.ts'
import * as billing from './0008_billing.ts'
import * as portal from './0009_portal.ts'
import * as compliance from './0010_compliance.ts'
import * as hardening from './0011_hardening.ts'

/**
 * Every schema change, in order: one file each, named NNNN_what.ts, exporting `up(db)`. Listed here
 * rather than read from the folder, so the production build bundles them (a static provider). A name
 * once applied never changes; a change to a table is a new file.
 */
export const migrations: Record<string, Migration> = {
  '0001_numbers': numbers,
  '0002_tap_keys': tapKeys,
  '0003_webhook_deliveries': webhookDeliveries,
  '0004_voice': voice,
  '0005_outsiders': outsiders,
  '0006_providers': providers,
  '0007_call_outcomes': callOutcomes,
  '0008_billing': billing,
  '0009_portal': portal,
  '0010_compliance': compliance,
  '0011_hardening': hardening,
}

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations }
