import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { openVoiceDb } from '../store/db'
import { voiceSettings, type VoiceSettings } from '../settings'
import type { Database } from '../../db/schema.ts'
import { dialAction, dialActionParams, incomingParams, newSid, transcriptionParams } from '../../../../scripts/calls/twilioStandIn.ts'
import { messagesForTests, numberOf, signedWith, voiceDepsFor } from '../../../../tests/support/voiceHarness.ts'
import { handleIncoming, handleStatus, type VoiceDeps } from '../webhooks/voice'
import { handleTranscription } from '../webhooks/media'
import { voiceRecorder } from '../store/voiceQueue'
import { ROUTING_BUDGET_MS, storeRouting, type RoutingStore } from './routing'
import { readStatement } from '../store/statements'
import { statementText } from '../../providers/statement'
import { parseProviders, type ProviderFields } from '../../providers/provider'

/**
 * A day of an owner's business, twice over (a Wednesday, and a Saturday ten days later after a restart), played
 * through Twilio's signed webhooks into the real handlers and store: 5 providers in 3 states, 42 calls with
 * hang-ups, spam, repeats, a withheld number, STIR/SHAKEN, caps by day and month, a store that answers late.
 * The month's statement must equal the tally written by hand below, row by row and to the cent.
 */
const TOKEN = 'day-auth-token'
const ACCOUNT = 'AC' + 'ef'.repeat(16)
const BUSINESS = '+13125550150'
const TO = '+13125550170'
// Wednesday 18 November 2026, 08:00 in Chicago; the second day is Saturday the 28th.
const WEDNESDAY = Date.UTC(2026, 10, 18, 14)
const SATURDAY = Date.UTC(2026, 10, 28, 14)

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, open: '07:00', close: '19:00' }))
const providers: ProviderFields[] = [
  { _id: 'austin', name: 'Austin Pest', phone: '+15125550301', active: true, states: ['TX'], payout: 45, billableSeconds: 60, dailyCap: 3, timeZone: 'America/Chicago' },
  { _id: 'lone-star', name: 'Lone Star', phone: '+15125550302', active: true, states: ['TX'], priority: 2, payout: 30, billableSeconds: 90, maxConcurrent: 2 },
  { _id: 'windy-city', name: 'Windy City', phone: '+13125550303', active: true, states: ['IL'], payout: 50, billableSeconds: 60, dailyCap: 2, hours: weekdays, timeZone: 'America/Chicago' },
  { _id: 'prairie', name: 'Prairie Pros', phone: '+12175550304', active: true, states: ['IL'], priority: 2, payout: 35, billableSeconds: 45, duplicateDays: 30 },
  { _id: 'sunshine', name: 'Sunshine', phone: '+13055550305', active: true, states: ['FL'], payout: 40, billableSeconds: 60, monthlyCap: 5, licences: [{ state: 'FL', number: 'JB0123456' }] },
]
const PHONES = Object.fromEntries(providers.map((provider) => [provider.phone!, provider.name!]))
PHONES[BUSINESS] = 'business line'

const settings: VoiceSettings = voiceSettings(
  { enabled: true, businessLine: BUSINESS, routing: true, maxProviders: 2, timeZone: 'America/Chicago', firstCallerDays: 7, missedMessage: 'Sorry we missed you.', textBack: { enabled: true, body: 'Sorry we missed your call. Reply STOP to opt out.', onceEveryHours: 24 } },
  { phone: '+18885550142', providers: parseProviders(providers, 60), pests: [] },
)

messagesForTests(ACCOUNT, TOKEN)
const signed = signedWith(TOKEN)

/** One line rung, as the call goes: answered with so many seconds of talk, not answered, or the caller hanging up while it rings. */
type Leg = { answer: number } | 'no-answer' | 'hang-up'
interface Call {
  from: string
  state: string
  legs: Leg[]
  stir?: string
  /** What the caller says (their track), and what the provider says (its track). */
  said?: string
  heard?: string
}

async function play(deps: VoiceDeps, now: { t: number }, call: Call): Promise<string[]> {
  const twilio = { to: TO, from: call.from, callSid: newSid('CA'), accountSid: ACCOUNT }
  const extra: [string, string][] = [['FromState', call.state], ...(call.stir ? ([['StirVerstat', call.stir]] as [string, string][]) : [])]
  let answer = await handleIncoming(signed('/api/voice/incoming', [...incomingParams(twilio), ...extra]), deps)
  const rung: string[] = []
  for (const leg of call.legs) {
    const number = numberOf(answer.body)
    if (!number) break
    rung.push(PHONES[number] ?? number)
    const action = dialAction(answer.body)!
    if (leg === 'hang-up') {
      now.t += 8_000
      answer = await handleStatus(signed(action, [...dialActionParams({ ...twilio, talkSeconds: 0, dialStatus: 'no-answer', callerHungUp: true }), ...extra]), deps)
      break
    }
    if (leg === 'no-answer') {
      now.t += 20_000
      answer = await handleStatus(signed(action, [...dialActionParams({ ...twilio, talkSeconds: 0, dialStatus: 'no-answer' }), ...extra]), deps)
      continue
    }
    now.t += (leg.answer + 5) * 1000
    answer = await handleStatus(signed(action, [...dialActionParams({ ...twilio, talkSeconds: leg.answer, dialStatus: 'completed' }), ...extra]), deps)
    break
  }
  if (call.heard) await handleTranscription(signed('/api/voice/transcription', transcriptionParams({ callSid: twilio.callSid, accountSid: ACCOUNT, transcript: call.heard, track: 'outbound_track', sequence: 1 })), deps)
  if (call.said) await handleTranscription(signed('/api/voice/transcription', transcriptionParams({ callSid: twilio.callSid, accountSid: ACCOUNT, transcript: call.said, track: 'inbound_track', sequence: 2 })), deps)
  await deps.recorder.idle()
  now.t += 60_000
  return rung
}

const TX = (from: string, legs: Leg[], more: Partial<Call> = {}): Call => ({ from, state: 'TX', legs, ...more })
const IL = (from: string, legs: Leg[], more: Partial<Call> = {}): Call => ({ from, state: 'IL', legs, ...more })
const FL = (from: string, legs: Leg[], more: Partial<Call> = {}): Call => ({ from, state: 'FL', legs, ...more })
const talk = (seconds: number): Leg => ({ answer: seconds })

// Who rings, in order, for each call of the day (the router's choice, checked as the day is played).
const wednesday: [Call, string[]][] = [
  [TX('+15125551001', [talk(95)]), ['Austin Pest']],
  [TX('+15125551002', ['hang-up']), ['Austin Pest']],
  [TX('+15125551003', [talk(40)]), ['Austin Pest']],
  [TX('+15125551004', ['no-answer', talk(120)]), ['Austin Pest', 'Lone Star']],
  [TX('+15125551005', [talk(150)], { said: 'Hi, I am calling about your business listing on the map.' }), ['Austin Pest']],
  [TX('+15125551006', [talk(100)]), ['Austin Pest']],
  [TX('+15125551007', [talk(70)]), ['Austin Pest']],
  // Austin Pest has its 3 paid calls (the spam call gave its place back): Lone Star takes the rest of the day.
  [TX('+15125551008', [talk(95)]), ['Lone Star']],
  [TX('+15125551001', [talk(100)]), ['Lone Star']],
  [TX('+15125551009', [talk(60)]), ['Lone Star']],
  [TX('+15125551010', [talk(130)], { stir: 'TN-Validation-Failed-B' }), ['business line']],
  [TX('+15125551011', ['hang-up']), ['Lone Star']],
  [IL('+13125551012', [talk(80)]), ['Windy City']],
  [IL('+13125551013', ['hang-up']), ['Windy City']],
  [IL('+13125551014', [talk(200)], { heard: 'Thanks for calling, are you a vendor or a homeowner?', said: 'A homeowner, I need an inspection for mice.' }), ['Windy City']],
  [IL('+13125551015', [talk(50)]), ['Prairie Pros']],
  [IL('+13125551016', [talk(30)]), ['Prairie Pros']],
  [IL('+13125551017', ['no-answer', 'no-answer']), ['Prairie Pros', 'business line']],
  [FL('+13055551018', [talk(70)]), ['Sunshine']],
  [FL('+13055551019', [talk(80)]), ['Sunshine']],
  [FL('Anonymous', [talk(100)]), ['Sunshine']],
  [FL('+13055551020', [talk(90)]), ['Sunshine']],
  [FL('+13055551021', [talk(65)]), ['Sunshine']],
  [FL('+13055551022', [talk(75)], { said: 'We need to schedule a termite inspection.' }), ['Sunshine']],
  // Sunshine has its 5 paid calls of the month: the business line takes Florida from now on.
  [FL('+13055551023', [talk(85)]), ['business line']],
  [FL('+13055551024', ['hang-up']), ['business line']],
]

// Ten days later, a Saturday, after a restart: Windy City is closed at weekends.
const saturday: [Call, string[]][] = [
  [IL('+13125551015', [talk(90)]), ['Prairie Pros']],
  [IL('+13125551025', ['no-answer', 'no-answer']), ['Prairie Pros', 'business line']],
  [IL('+13125551025', ['no-answer', 'no-answer']), ['Prairie Pros', 'business line']],
  [IL('+13125551025', [talk(120)]), ['Prairie Pros']],
  [IL('+13125551026', [talk(45)], { said: 'Wrong number, sorry.' }), ['Prairie Pros']],
  [TX('+15125551027', [talk(95)]), ['Austin Pest']],
  [TX('+15125551028', [talk(80)]), ['Austin Pest']],
  [TX('+15125551029', ['no-answer', talk(100)]), ['Austin Pest', 'Lone Star']],
  [TX('+15125551030', [talk(100)]), ['Austin Pest']],
  [FL('+13055551031', [talk(100)]), ['business line']],
  [TX('+15125551032', [talk(90)]), ['Lone Star']],
  [TX('+15125551033', [talk(150)]), ['Lone Star']],
  [IL('+13125551034', ['hang-up']), ['Prairie Pros']],
]

// The last call of the Saturday comes while the store answers only after 3 s: routed without the cap check.
const slowStoreCall: [Call, string[]] = [TX('+15125551035', [talk(90)]), ['Austin Pest']]

/** The hand tally: every provider row of the month's statement in order, with the reason and the amount. */
const tally: [string, string, number][] = [
  ['Austin Pest', '', 45],
  ['Austin Pest', 'caller hung up', 0],
  ['Austin Pest', 'under billable seconds', 0],
  ['Austin Pest', 'not answered', 0],
  ['Lone Star', '', 30],
  ['Austin Pest', 'judged spam', 0],
  ['Austin Pest', '', 45],
  ['Austin Pest', '', 45],
  ['Lone Star', '', 30],
  ['Lone Star', 'judged existing customer', 0],
  ['Lone Star', 'under billable seconds', 0],
  ['Lone Star', 'caller hung up', 0],
  ['Windy City', '', 50],
  ['Windy City', 'caller hung up', 0],
  ['Windy City', '', 50],
  ['Prairie Pros', '', 35],
  ['Prairie Pros', 'under billable seconds', 0],
  ['Prairie Pros', 'not answered', 0],
  ['Sunshine', '', 40],
  ['Sunshine', '', 40],
  ['Sunshine', 'judged unverified', 0],
  ['Sunshine', '', 40],
  ['Sunshine', '', 40],
  ['Sunshine', '', 40],
  // Saturday.
  ['Prairie Pros', 'same caller within 30 days', 0],
  ['Prairie Pros', 'not answered', 0],
  ['Prairie Pros', 'not answered', 0],
  ['Prairie Pros', '', 35],
  ['Prairie Pros', 'judged not a lead', 0],
  ['Austin Pest', '', 45],
  ['Austin Pest', '', 45],
  ['Austin Pest', 'not answered', 0],
  ['Lone Star', '', 30],
  ['Austin Pest', '', 45],
  ['Lone Star', '', 30],
  ['Lone Star', '', 30],
  ['Prairie Pros', 'caller hung up', 0],
  ['Austin Pest', 'over cap', 0],
]

describe('a simulated day of calls, and the statement against a hand tally', () => {
  let db: Kysely<Database>
  afterAll(async () => db?.destroy())

  it('bills exactly the hand tally, to the cent', async () => {
    db = await openVoiceDb(':memory:')
    const now = { t: WEDNESDAY }
    const first = voiceDepsFor(db, settings, now, TOKEN, { routing: storeRouting(async () => db) })
    for (const [call, rung] of wednesday) expect([call.from, await play(first, now, call)]).toEqual([call.from, rung])
    // A restart: a new process opens the store on its first call (a cold start), then the day goes on.
    now.t = SATURDAY
    let opened: Promise<Kysely<Database>> | undefined
    const cold = () => (opened ??= new Promise<Kysely<Database>>((resolve) => setTimeout(() => resolve(db), 300)))
    const second: VoiceDeps = { ...first, recorder: voiceRecorder(cold, { retryMs: 1 }), routing: storeRouting(cold) }
    for (const [call, rung] of saturday) expect([call.from, await play(second, now, call)]).toEqual([call.from, rung])
    const late: RoutingStore = { visit: second.routing!.visit, take: (...args) => new Promise((resolve) => setTimeout(() => resolve(second.routing!.take(...args)), 3_000)) }
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await play({ ...second, routing: late, storeBudgetMs: ROUTING_BUDGET_MS }, now, slowStoreCall[0])).toEqual(slowStoreCall[1])
    await new Promise((resolve) => setTimeout(resolve, 3_200))
    await second.recorder.idle()
    error.mockRestore()

    const statement = await readStatement(db, '2026-11', 'America/Chicago')
    expect(statement.rows.map((row) => [row.provider, row.why, row.amount])).toEqual(tally)
    const byHand = new Map<string, number>()
    for (const [provider, , amount] of tally) byHand.set(provider, (byHand.get(provider) ?? 0) + amount * 100)
    expect(statement.providers.map((row) => [row.name, Math.round(row.owed * 100)])).toEqual([...byHand.entries()].sort(([a], [b]) => a.localeCompare(b)))
    expect(Math.round(statement.total * 100)).toBe([...byHand.values()].reduce((sum, cents) => sum + cents, 0))
    if (process.env.PRINT_STATEMENT) process.stdout.write(statementText(statement, 'USD'))
  }, 60_000)
})
