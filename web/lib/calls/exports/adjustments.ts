import { callValue, cell, clickWindowStart, clickCell, localTime, money } from './googleAds.ts'
import type { ExportedCall, StoredCall } from '../store/store.ts'
import type { VoiceSettings } from '../settings.ts'

/**
 * Taking back what was handed over. Both files are stateless, like the conversions feed: for the window they
 * list each exported call whose outcome changed after it was handed over, once, in its latest state — a
 * retraction when it no longer counts (spam, not a lead, …), a restatement of its value when it still does
 * (a booked job's own value). Serving one again is harmless: the platforms ignore a repeated retraction and a
 * restatement to the same value, so the shell and the feed give the same bytes.
 *
 * Google Ads: "conversion adjustments" upload (its own file: Google refuses new conversions and adjustments in
 * one file), identified by Order ID = the call's id. GBRAID/WBRAID: Google adjusts gclid and gbraid clicks only.
 * Microsoft Advertising: its Bulk file's "Offline Conversion" records, where new conversions and Restate/Retract
 * rows share one file, identified by the Microsoft Click Id, conversion name and original conversion time (UTC).
 */
export const GOOGLE_ADJUSTMENT_HEADER = 'Order ID,Conversion Name,Adjustment Type,Adjustment Time,Adjusted Value,Adjusted Value Currency'
export const MICROSOFT_HEADER = 'Type,Status,Id,Parent Id,Client Id,Name,Conversion Currency Code,Conversion Name,Conversion Time,Conversion Value,Microsoft Click Id,Adjustment Type,Adjustment Value,Adjustment Time,Adjustment Currency Code'
const MICROSOFT_FORMAT_ROW = 'Format Version,,,,,6.0,,,,,,,,,'

type Settings = Pick<VoiceSettings, 'timeZone' | 'conversionName' | 'conversionCurrency' | 'outcomes'> & Partial<Pick<VoiceSettings, 'fixedValue' | 'conversionValue' | 'routing'>>

export interface AdjustmentRow {
  call: StoredCall
  type: 'RETRACTION' | 'RESTATEMENT'
  value: number | null
  at: number
}

/** The adjustment an exported, since-changed call needs now; null when it has not changed since it was handed over. */
export function adjustmentOf(exported: ExportedCall, settings: Settings): AdjustmentRow | null {
  if (exported.changedAt === null) return null
  const { call } = exported
  const value = callValue(call, settings)
  return value > 0 ? { call, type: 'RESTATEMENT', value, at: exported.changedAt } : { call, type: 'RETRACTION', value: null, at: exported.changedAt }
}

export function googleAdjustmentFile(exported: readonly ExportedCall[], settings: Settings, now: number): { csv: string; rows: AdjustmentRow[] } {
  const oldest = clickWindowStart(now)
  const seen = new Set<string>()
  const rows: AdjustmentRow[] = []
  for (const one of exported) {
    if (one.call.clickKind !== 'gclid' && one.call.clickKind !== 'gbraid') continue
    if ((one.call.landedAt ?? one.call.startedAt) < oldest || seen.has(one.call.callSid)) continue
    const row = adjustmentOf(one, settings)
    if (!row) continue
    seen.add(one.call.callSid)
    rows.push(row)
  }
  const lines = rows.map((row) => [row.call.callSid, cell(settings.conversionName), row.type, localTime(row.at, settings.timeZone), row.value === null ? '' : money(row.value), row.value === null ? '' : settings.conversionCurrency].join(','))
  return { csv: [`Parameters:TimeZone=${settings.timeZone}`, GOOGLE_ADJUSTMENT_HEADER, ...lines].join('\n') + '\n', rows }
}

/** M/d/yyyy h:mm:ss AM|PM in UTC, as Microsoft's Bulk file writes times. */
export function microsoftTime(at: number): string {
  const d = new Date(at)
  const hour = d.getUTCHours() % 12 || 12
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${hour}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`
}

export interface MicrosoftFile {
  csv: string
  conversions: StoredCall[]
  adjustments: AdjustmentRow[]
}

/**
 * Microsoft Advertising's offline conversions for qualified calls from `msclkid` visits, and Restate/Retract rows
 * for those handed over whose outcome changed since: each call once, its adjustment when it has one, else its
 * conversion. The conversion time is the call's start, the same in both, as Microsoft matches them by it.
 */
export function microsoftFile(qualified: readonly StoredCall[], exported: readonly ExportedCall[], settings: Settings, now: number): MicrosoftFile {
  const oldest = clickWindowStart(now)
  const inWindow = (call: StoredCall) => call.clickKind === 'msclkid' && call.clickId !== '' && (call.landedAt ?? call.startedAt) >= oldest
  const adjustments = new Map<string, AdjustmentRow>()
  for (const one of exported) {
    const row = inWindow(one.call) ? adjustmentOf(one, settings) : null
    if (row && !adjustments.has(one.call.callSid)) adjustments.set(one.call.callSid, row)
  }
  const seenClicks = new Set<string>()
  const conversions: StoredCall[] = []
  for (const call of qualified) {
    if (!inWindow(call) || callValue(call, settings) <= 0 || adjustments.has(call.callSid) || seenClicks.has(call.clickId)) continue
    seenClicks.add(call.clickId)
    conversions.push(call)
  }
  const name = cell(settings.conversionName)
  const entries = [
    ...conversions.map((call) => ({ at: call.startedAt, sid: call.callSid, line: ['Offline Conversion', '', '', '', call.callSid, '', settings.conversionCurrency, name, microsoftTime(call.startedAt), money(callValue(call, settings)), clickCell(call.clickId), '', '', '', ''].join(',') })),
    ...[...adjustments.values()].map((row) => ({
      at: row.call.startedAt,
      sid: row.call.callSid,
      line: ['Offline Conversion', '', '', '', row.call.callSid, '', '', name, microsoftTime(row.call.startedAt), '', clickCell(row.call.clickId), row.type === 'RETRACTION' ? 'Retract' : 'Restate', row.value === null ? '' : money(row.value), microsoftTime(row.at), row.value === null ? '' : settings.conversionCurrency].join(','),
    })),
  ].sort((a, b) => a.at - b.at || a.sid.localeCompare(b.sid))
  return { csv: [MICROSOFT_HEADER, MICROSOFT_FORMAT_ROW, ...entries.map((entry) => entry.line)].join('\n') + '\n', conversions, adjustments: [...adjustments.values()] }
}
