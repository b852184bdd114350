import type { CallEntry } from './report.ts'
import { localTime } from '../localTime.ts'
import { OUTCOME_LABELS } from './outcomes/rules.ts'
import { formatUsPhone } from '../phone.ts'

/**
 * The Calls view's list (Studio → Calls → Calls): the report's calls filtered by day range, outcome and source,
 * newest first, a page at a time, and the same rows as a CSV file. Pure, so the Studio and tests share it.
 */
export interface CallFilter {
  /** First and last day shown, YYYY-MM-DD in the site's zone; '' for no bound. */
  from: string
  to: string
  /** An outcome, 'none' (not decided yet) or '' for all. */
  outcome: string
  /** A source (gclid, msclkid, campaign, …), 'direct' or '' for all. */
  source: string
}

export const PAGE_SIZE = 25

export const SOURCE_LABELS: Record<string, string> = { gclid: 'Google Ads', gbraid: 'Google Ads (iPhone)', wbraid: 'Google Ads (iPhone)', msclkid: 'Microsoft Ads', campaign: 'Campaign number', direct: 'Direct' }

export const sourceLabel = (source: string) => SOURCE_LABELS[source || 'direct'] ?? source
export const outcomeLabel = (outcome: CallEntry['outcome']) => (outcome ? OUTCOME_LABELS[outcome] : 'Not decided yet')

/** The call's time in the site's zone, `yyyy-MM-dd HH:mm:ss`. */
export const callTime = (call: Pick<CallEntry, 'at'>, zone: string) => localTime(Date.parse(call.at), zone)

export function filterCalls(calls: readonly CallEntry[], filter: CallFilter, zone: string): CallEntry[] {
  return calls
    .filter((call) => {
      const day = callTime(call, zone).slice(0, 10)
      if (filter.from && day < filter.from) return false
      if (filter.to && day > filter.to) return false
      if (filter.outcome && (filter.outcome === 'none' ? call.outcome !== '' : call.outcome !== filter.outcome)) return false
      if (filter.source && (call.source || 'direct') !== filter.source) return false
      return true
    })
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
}

export function pageOf<T>(rows: readonly T[], page: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE))
  const current = Math.min(Math.max(0, page), pages - 1)
  return { rows: rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE), page: current, pages }
}

export const CALL_CSV_HEADER = 'Time,Caller,Number called,Source,Campaign,Keyword,Page,Place,Version,Talk seconds,Outcome,Reason,Value,Call id'

const cell = (value: string) => {
  const safe = value.replace(/^[=+\-@\s]+/u, '')
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The rows shown, as a spreadsheet (no caller's whole number: the masked one only). */
export function callsCsv(calls: readonly CallEntry[], zone: string): string {
  const lines = calls.map((call) =>
    [callTime(call, zone), call.caller, formatUsPhone(call.number), sourceLabel(call.source), call.campaign, call.keyword, call.page, call.location, call.version ? `${call.experiment}: ${call.version}` : '', String(call.talkSeconds), outcomeLabel(call.outcome), call.outcomeReason, call.value === null ? '' : String(call.value), call.id].map(cell).join(','),
  )
  return [CALL_CSV_HEADER, ...lines].join('\n') + '\n'
}
