/**
 * The call store: calls, the number pool and its leases, Twilio requests already handled, and conversion
 * exports, over one Kysely instance (SQLite or PostgreSQL; tables in web/lib/db/migrations/0004_voice.ts).
 * Times are epoch milliseconds; flags are 0/1. Every write is idempotent per Twilio request, so a retried
 * webhook or two instances seeing the same call store it once.
 * One entry point over its parts: the calls (callRecords.ts), the pool's leases (poolLeases.ts) and the
 * reads for reports and exports (callQueries.ts).
 */
export type { CallStatus, VoiceTables } from '../../db/schema.ts'
export type { CallOutcome, ClickKind, IncomingCall, JoinRules, Lease, QualifyRules, StoredCall, VisitFacts } from './types.ts'
export { callStatusOf, forgetCallers, recordIncoming, recordOutcome } from './callRecords.ts'
export { extendLease, isLeaseId, leaseNumber } from '../pool/leases.ts'
export { callsSince, exportedCalls, noteExported, poolDays, poolVisitsByArm, qualifiedCallsByVersion, qualifiedClickCalls, type ExportedCall } from './callQueries.ts'
