import { localTime } from '../localTime.ts'
import { maskedCaller } from '../phone.ts'

/**
 * What each provider was sent and owes, from the legs of routed calls (voice_legs), each leg's payable flag and
 * reason as the store settled them (web/lib/providers/payable.ts, web/lib/calls/store/settle.ts): per call the
 * provider it reached and whether it is payable; per provider the calls routed, answered, missed and payable and
 * the sum owed; and the monthly statement, one row per call that rang the provider, payable or why not. Money is
 * summed in cents, so the Calls tool, the report, the portal and `npm run calls:statement` agree to the cent.
 */
export interface LegRow {
  callSid: string
  seq: number
  providerId: string
  providerName: string
  outcome: string
  talkSeconds: number
  /** How long the line rang before it was answered or given up. */
  ringSeconds: number
  billableSeconds: number
  payoutCents: number
  place: string
  pest: string
  /** When the line started ringing. */
  at: number
  /** Settled by the store: payable now, else why not ('' when payable). */
  payable: boolean
  why: string
  /** The call's judged outcome ('' while it has none). */
  callOutcome?: string
}

export interface CallLegEntry {
  /** The provider's id; '' for the business line. */
  provider: string
  /** The provider's name as it was when it rang ('' for the business line). */
  name: string
  order: number
  outcome: string
  seconds: number
  /** Why this leg is not payable ('' when it is, or for the business line). */
  why: string
}

export interface CallRouting {
  /** The provider the call reached, or null. */
  provider: string | null
  legs: CallLegEntry[]
  payable: boolean
}

export interface ProviderTotals {
  id: string
  name: string
  routed: number
  answered: number
  missed: number
  payable: number
  /** In the conversion currency, e.g. 40; net of the month's credits on a statement. */
  owed: number
  /** Accepted disputes credited on a statement (buildStatement), in the conversion currency. */
  credits?: number
}

const byCallThenSeq = (a: LegRow, b: LegRow) => a.callSid.localeCompare(b.callSid) || a.seq - b.seq

export function routingOfCalls(legs: readonly LegRow[]): Map<string, CallRouting> {
  const calls = new Map<string, CallRouting>()
  for (const leg of [...legs].sort(byCallThenSeq)) {
    const call = calls.get(leg.callSid) ?? { provider: null, legs: [], payable: false }
    call.legs.push({ provider: leg.providerId, name: leg.providerName, order: leg.seq + 1, outcome: leg.outcome, seconds: leg.talkSeconds, why: leg.providerId && !leg.payable ? leg.why : '' })
    if (leg.outcome === 'answered' && leg.providerId) {
      call.provider = leg.providerId
      call.payable = leg.payable
    }
    calls.set(leg.callSid, call)
  }
  return calls
}

export function providerTotals(legs: readonly LegRow[]): ProviderTotals[] {
  const totals = new Map<string, ProviderTotals & { cents: number }>()
  for (const leg of legs) {
    if (!leg.providerId) continue
    const row = totals.get(leg.providerId) ?? { id: leg.providerId, name: leg.providerName, routed: 0, answered: 0, missed: 0, payable: 0, owed: 0, cents: 0 }
    row.name = leg.providerName || row.name
    row.routed++
    if (leg.outcome === 'answered') row.answered++
    else row.missed++
    if (leg.payable) {
      row.payable++
      row.cents += leg.payoutCents
    }
    totals.set(leg.providerId, row)
  }
  return [...totals.values()].map(({ cents, ...row }) => ({ ...row, owed: cents / 100 })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
}

/** The call's start where known (the statement's time and order), else when the leg rang. */
export interface CallFacts {
  caller: string | null
  page: string
  startedAt?: number
}

const startOf = (leg: LegRow, calls: ReadonlyMap<string, CallFacts>) => calls.get(leg.callSid)?.startedAt ?? leg.at

/** Per provider and month (in the site's time zone, by the call's start): the Calls tool's Providers view. */
export function providerMonths(legs: readonly LegRow[], timeZone: string, calls: ReadonlyMap<string, CallFacts> = new Map(), credits: readonly StatementCredit[] = []): ({ month: string } & ProviderTotals)[] {
  const byMonth = new Map<string, LegRow[]>()
  for (const leg of legs) {
    const month = localTime(startOf(leg, calls), timeZone).slice(0, 7)
    byMonth.set(month, [...(byMonth.get(month) ?? []), leg])
  }
  // With credits (accepted disputes), each month's totals are its statement's, net of them.
  const totalsOf = (month: string, rows: LegRow[]) => (credits.length > 0 ? buildStatement(month, rows, calls, timeZone, undefined, credits).providers : providerTotals(rows))
  return [...byMonth.entries()].sort(([a], [b]) => b.localeCompare(a)).flatMap(([month, rows]) => totalsOf(month, rows).map((row) => ({ month, ...row })))
}

export interface StatementRow {
  callSid: string
  /** The call's start in the site's zone, `yyyy-MM-dd HH:mm`. */
  time: string
  provider: string
  providerId: string
  caller: string
  place: string
  pest: string
  page: string
  ringSeconds: number
  talkSeconds: number
  payable: boolean
  /** Why the call is not payable ('' when it is). */
  why: string
  amount: number
}

/** An accepted dispute (web/lib/portal/disputes.ts): a credit on the statement of the month its call started in. */
export interface StatementCredit {
  callSid: string
  providerId: string
  amountCents: number
  /** Why it was credited, as the statement prints it. */
  reason: string
}

/** A credit as printed: never more than the call's row charges now (a call no longer payable has nothing to credit). */
export interface CreditRow {
  callSid: string
  time: string
  provider: string
  providerId: string
  reason: string
  amount: number
}

export interface Statement {
  month: string
  rows: StatementRow[]
  /** Accepted disputes of the month's payable calls; each provider's owed and the total are net of them. */
  credits: CreditRow[]
  /** Per provider, the month's totals. */
  providers: ProviderTotals[]
  total: number
}

/**
 * One month's calls routed to providers (optionally one provider's), by the call's start in the site's time zone
 * and in that order: every leg that rang a provider, payable or why not, with the totals.
 */
export function buildStatement(month: string, legs: readonly LegRow[], calls: ReadonlyMap<string, CallFacts>, timeZone: string, providerId?: string, credits: readonly StatementCredit[] = []): Statement {
  const inMonth = legs
    .filter((leg) => leg.providerId && (!providerId || leg.providerId === providerId) && localTime(startOf(leg, calls), timeZone).startsWith(month))
    .sort((a, b) => startOf(a, calls) - startOf(b, calls) || a.callSid.localeCompare(b.callSid) || a.seq - b.seq)
  const cents = inMonth.reduce((sum, leg) => sum + (leg.payable ? leg.payoutCents : 0), 0)
  const rows = inMonth.map(
    (leg): StatementRow => ({
      callSid: leg.callSid,
      time: localTime(startOf(leg, calls), timeZone).slice(0, 16),
      provider: leg.providerName || leg.providerId,
      providerId: leg.providerId,
      caller: maskedCaller(calls.get(leg.callSid)?.caller ?? null) || 'withheld',
      place: leg.place,
      pest: leg.pest,
      page: calls.get(leg.callSid)?.page ?? '',
      ringSeconds: leg.ringSeconds,
      talkSeconds: leg.talkSeconds,
      payable: leg.payable,
      why: leg.payable ? '' : leg.why,
      amount: leg.payable ? leg.payoutCents / 100 : 0,
    }),
  )
  const credited = creditRows(rows, credits)
  const creditedBy = new Map<string, number>()
  for (const credit of credited) creditedBy.set(credit.providerId, (creditedBy.get(credit.providerId) ?? 0) + Math.round(credit.amount * 100))
  const providers = providerTotals(inMonth).map((totals) => (creditedBy.has(totals.id) ? { ...totals, credits: creditedBy.get(totals.id)! / 100, owed: (Math.round(totals.owed * 100) - creditedBy.get(totals.id)!) / 100 } : totals))
  const creditCents = [...creditedBy.values()].reduce((sum, value) => sum + value, 0)
  return { month, rows, credits: credited, providers, total: (cents - creditCents) / 100 }
}

/** Each credit against its call's payable row of this statement (in the rows' order), at most what the row charges. */
function creditRows(rows: readonly StatementRow[], credits: readonly StatementCredit[]): CreditRow[] {
  const out: CreditRow[] = []
  for (const row of rows) {
    const credit = row.payable ? credits.find((candidate) => candidate.callSid === row.callSid && candidate.providerId === row.providerId) : undefined
    if (!credit || out.some((done) => done.callSid === row.callSid && done.providerId === row.providerId)) continue
    out.push({ callSid: row.callSid, time: row.time, provider: row.provider, providerId: row.providerId, reason: credit.reason, amount: Math.min(credit.amountCents, Math.round(row.amount * 100)) / 100 })
  }
  return out
}

const money = (amount: number) => amount.toFixed(2)
const csvCell = (value: string | number) => (/[",\n\r]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value))
export const STATEMENT_HEADER = ['call_id', 'time', 'provider', 'caller', 'place', 'pest', 'page', 'ring_seconds', 'talk_seconds', 'payable', 'why_not', 'amount']

export function statementCsv(statement: Statement): string {
  const blank = STATEMENT_HEADER.map(() => '')
  const lines = [STATEMENT_HEADER.join(',')]
  for (const row of statement.rows) lines.push([row.callSid, row.time, row.provider, row.caller, row.place, row.pest, row.page, row.ringSeconds, row.talkSeconds, row.payable ? 'yes' : 'no', row.why, money(row.amount)].map(csvCell).join(','))
  for (const credit of statement.credits) lines.push([credit.callSid, credit.time, credit.provider, ...blank.slice(3, -3), 'credit', credit.reason, money(-credit.amount)].map(csvCell).join(','))
  for (const provider of statement.providers) lines.push(['total', '', provider.name, ...blank.slice(3, -1), money(provider.owed)].map(csvCell).join(','))
  lines.push(['total', ...blank.slice(1, -1), money(statement.total)].join(','))
  return lines.join('\n') + '\n'
}

export function statementText(statement: Statement, currency: string): string {
  const lines = [`Statement ${statement.month} (${currency})`, '']
  for (const provider of statement.providers) lines.push(`${provider.name}: routed ${provider.routed}, answered ${provider.answered}, missed ${provider.missed}, payable ${provider.payable}, owed ${money(provider.owed)}`)
  lines.push('')
  for (const row of statement.rows) {
    const verdict = row.payable ? 'payable' : row.why
    lines.push([row.time, row.callSid.slice(0, 12), row.provider.padEnd(18), row.caller.padEnd(16), row.place.padEnd(14), row.pest.padEnd(10), row.page.padEnd(12), `${row.ringSeconds}s`.padStart(5), `${row.talkSeconds}s`.padStart(6), verdict.padEnd(26), money(row.amount).padStart(9)].join('  '))
  }
  for (const credit of statement.credits) lines.push([credit.time, credit.callSid.slice(0, 12), credit.provider.padEnd(18), `credit: ${credit.reason}`.padEnd(104), money(-credit.amount).padStart(9)].join('  '))
  const payable = statement.rows.filter((row) => row.payable).length
  lines.push(`Total: ${money(statement.total)} ${currency} for ${payable} payable call${payable === 1 ? '' : 's'} of ${statement.rows.length}`)
  return lines.join('\n') + '\n'
}
