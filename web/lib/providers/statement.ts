import { isPayable } from './payable.ts'
import { localTime } from '../localTime.ts'
import { maskedCaller } from '../phone.ts'

/**
 * What each provider was sent and owes, from the legs of routed calls (voice_legs): per call the provider it
 * reached and whether it is payable; per provider the calls routed, answered, missed and payable and the sum
 * owed; and the monthly statement, one row per payable call. Money is summed in cents, so the Calls tool,
 * the report and `npm run calls:statement` agree to the cent.
 */
export interface LegRow {
  callSid: string
  seq: number
  providerId: string
  providerName: string
  outcome: string
  talkSeconds: number
  billableSeconds: number
  payoutCents: number
  place: string
  pest: string
  at: number
  /** The call's judged outcome ('' while it has none): only lead and booked calls are payable once judged. */
  callOutcome?: string
}

export interface CallLegEntry {
  /** The provider's id; '' for the business line. */
  provider: string
  order: number
  outcome: string
  seconds: number
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
  /** In the conversion currency, e.g. 40. */
  owed: number
}

export function routingOfCalls(legs: readonly LegRow[]): Map<string, CallRouting> {
  const calls = new Map<string, CallRouting>()
  for (const leg of [...legs].sort((a, b) => a.callSid.localeCompare(b.callSid) || a.seq - b.seq)) {
    const call = calls.get(leg.callSid) ?? { provider: null, legs: [], payable: false }
    call.legs.push({ provider: leg.providerId, order: leg.seq + 1, outcome: leg.outcome, seconds: leg.talkSeconds })
    if (leg.outcome === 'answered' && leg.providerId) {
      call.provider = leg.providerId
      call.payable = isPayable(leg)
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
    if (isPayable(leg)) {
      row.payable++
      row.cents += leg.payoutCents
    }
    totals.set(leg.providerId, row)
  }
  return [...totals.values()].map(({ cents, ...row }) => ({ ...row, owed: cents / 100 })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
}

/** Per provider and month (in the site's time zone): the Calls tool's Providers view. */
export function providerMonths(legs: readonly LegRow[], timeZone: string): ({ month: string } & ProviderTotals)[] {
  const byMonth = new Map<string, LegRow[]>()
  for (const leg of legs) {
    const month = localTime(leg.at, timeZone).slice(0, 7)
    byMonth.set(month, [...(byMonth.get(month) ?? []), leg])
  }
  return [...byMonth.entries()].sort(([a], [b]) => b.localeCompare(a)).flatMap(([month, rows]) => providerTotals(rows).map((row) => ({ month, ...row })))
}

export interface StatementRow {
  time: string
  provider: string
  caller: string
  talkSeconds: number
  page: string
  pest: string
  place: string
  amount: number
}

export interface Statement {
  month: string
  rows: StatementRow[]
  /** Per provider, the month's totals. */
  providers: ProviderTotals[]
  total: number
}

/** One month's payable calls (optionally one provider's), in the site's time zone, with the totals; each row at the call's start when known. */
export function buildStatement(month: string, legs: readonly LegRow[], calls: ReadonlyMap<string, { caller: string | null; page: string; startedAt?: number }>, timeZone: string, providerId?: string): Statement {
  const inMonth = legs.filter((leg) => localTime(leg.at, timeZone).startsWith(month) && (!providerId || leg.providerId === providerId))
  const rows = inMonth
    .filter((leg) => leg.providerId && isPayable(leg))
    .sort((a, b) => a.at - b.at || a.callSid.localeCompare(b.callSid))
  const cents = rows.reduce((sum, leg) => sum + leg.payoutCents, 0)
  const printed = rows.map((leg): StatementRow => ({ time: localTime(calls.get(leg.callSid)?.startedAt ?? leg.at, timeZone).slice(0, 16), provider: leg.providerName || leg.providerId, caller: maskedCaller(calls.get(leg.callSid)?.caller ?? null) || 'withheld', talkSeconds: leg.talkSeconds, page: calls.get(leg.callSid)?.page ?? '', pest: leg.pest, place: leg.place, amount: leg.payoutCents / 100 }))
  return { month, rows: printed, providers: providerTotals(inMonth), total: cents / 100 }
}

const money = (amount: number) => amount.toFixed(2)
const csvCell = (value: string | number) => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value))

export function statementCsv(statement: Statement): string {
  const lines = [['time', 'provider', 'caller', 'talk_seconds', 'page', 'pest', 'place', 'amount'].join(',')]
  for (const row of statement.rows) lines.push([row.time, row.provider, row.caller, row.talkSeconds, row.page, row.pest, row.place, money(row.amount)].map(csvCell).join(','))
  lines.push(['total', '', '', '', '', '', '', money(statement.total)].join(','))
  return lines.join('\n') + '\n'
}

export function statementText(statement: Statement, currency: string): string {
  const lines = [`Statement ${statement.month} (${currency})`, '']
  for (const provider of statement.providers) lines.push(`${provider.name}: routed ${provider.routed}, answered ${provider.answered}, missed ${provider.missed}, payable ${provider.payable}, owed ${money(provider.owed)}`)
  lines.push('')
  for (const row of statement.rows) lines.push([row.time, row.provider.padEnd(18), row.caller.padEnd(16), `${row.talkSeconds}s`.padStart(6), row.page.padEnd(12), row.pest.padEnd(10), row.place.padEnd(14), money(row.amount).padStart(9)].join('  '))
  lines.push(`Total: ${money(statement.total)} ${currency} for ${statement.rows.length} payable call${statement.rows.length === 1 ? '' : 's'}`)
  return lines.join('\n') + '\n'
}
