import { createHash } from 'node:crypto'
import type { StoredCall } from '../store/store.ts'
import type { VoiceSettings } from '../settings.ts'
import { countsAsQualified, outcomeValue } from '../outcomes/rules.ts'
import { localTime } from '../../localTime.ts'

export { localTime }

/**
 * Qualified calls as Google Ads offline click conversions, in Google's file format ("Import conversions from
 * clicks"): an optional first row `Parameters:TimeZone=<IANA zone>` (always written here), the header, then one
 * row per click and conversion name with the time as `yyyy-MM-dd HH:mm:ss` in that zone. A click that carries a
 * GBRAID or WBRAID (iOS) instead of a gclid goes in a file of its own, where those columns replace the click ID.
 * Google takes a click only within 90 days; older ones are left out and listed for standard error. No row ever
 * carries a caller's number; the enhanced-conversions file carries only its SHA-256. Each click conversion
 * carries the call's id as its Order ID, so a later change of outcome can be retracted or restated
 * (adjustments.ts); its value is the outcome's (a lead the set value, a booked job its own).
 */
export const GCLID_HEADER = 'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency,Order ID'
export const BRAID_HEADER = 'GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency,Order ID'
export const ENHANCED_HEADER = 'Phone Number,Conversion Name,Conversion Time,Conversion Value,Conversion Currency'
export const CLICK_WINDOW_DAYS = 90

export type ExportKind = 'gclid' | 'braid' | 'enhanced'

export interface Conversion {
  call: StoredCall
  time: string
}

export interface ConversionFile {
  csv: string
  rows: Conversion[]
  /** Qualified calls whose click is older than Google's window: for standard error, never in the file. */
  tooOld: StoredCall[]
}

/**
 * A CSV cell of an upload file, byte for byte: quoted (RFC 4180) when it holds a comma, quote or line break,
 * never altered. Google's and Microsoft's click ids are URL-safe base64 and may begin with "-": taking a
 * spreadsheet's formula characters off would hand Google another click. The file is read by Google, not a
 * spreadsheet; a CSV meant for people guards against formulas by quoting, never by changing a value.
 */
export function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** A click id exactly as the ad platform gave it (an upload cell: never altered). */
export const clickCell = cell

export function money(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2)
}

/** The oldest click the ad platforms still take at `now`. */
export function clickWindowStart(now: number): number {
  return now - CLICK_WINDOW_DAYS * 86_400_000
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * The file of one kind from qualified calls joined to a click (oldest first): each click and conversion
 * name once (its first qualified call), gclid clicks or GBRAID/WBRAID clicks, clicks older than 90 days
 * at `now` left out. Enhanced conversions: each qualified call whose caller's number is still kept, as
 * SHA-256 of its E.164 form, only when Site settings turn them on.
 */
export function conversionFile(calls: readonly StoredCall[], settings: Pick<VoiceSettings, 'timeZone' | 'conversionName' | 'conversionCurrency' | 'enhancedConversions' | 'outcomes'> & Partial<Pick<VoiceSettings, 'fixedValue' | 'conversionValue' | 'routing'>>, kind: ExportKind, now: number, { headerFirst = false } = {}): ConversionFile {
  const oldest = clickWindowStart(now)
  const wanted = (call: StoredCall) => (kind === 'gclid' ? call.clickKind === 'gclid' : kind === 'braid' ? call.clickKind === 'gbraid' || call.clickKind === 'wbraid' : call.clickKind === 'gclid' || call.clickKind === 'gbraid' || call.clickKind === 'wbraid')
  const seen = new Set<string>()
  const rows: Conversion[] = []
  const tooOld: StoredCall[] = []
  for (const call of calls) {
    if (!call.qualified || !call.clickId || !wanted(call) || callValue(call, settings) <= 0) continue
    if (kind === 'enhanced' && (!settings.enhancedConversions || !call.caller)) continue
    const clickAt = call.landedAt ?? call.startedAt
    if (clickAt < oldest) {
      tooOld.push(call)
      continue
    }
    const key = `${call.clickKind}:${call.clickId}`
    if (seen.has(key)) continue
    seen.add(key)
    rows.push({ call, time: localTime(call.startedAt, settings.timeZone) })
  }
  const lines = rows.map(({ call, time }) => {
    const values = [cell(settings.conversionName), time, money(callValue(call, settings)), settings.conversionCurrency]
    if (kind === 'gclid') return [clickCell(call.clickId), ...values, call.callSid].join(',')
    if (kind === 'braid') return [call.clickKind === 'gbraid' ? clickCell(call.clickId) : '', call.clickKind === 'wbraid' ? clickCell(call.clickId) : '', ...values, call.callSid].join(',')
    return [sha256Hex(call.caller!), ...values].join(',')
  })
  const header = kind === 'gclid' ? GCLID_HEADER : kind === 'braid' ? BRAID_HEADER : ENHANCED_HEADER
  // headerFirst: Data manager's HTTPS source wants the column names on the first row (its fallback time zone stands in).
  const csv = [...(headerFirst ? [] : [`Parameters:TimeZone=${settings.timeZone}`]), header, ...lines].join('\n') + '\n'
  return { csv, rows, tooOld }
}

/**
 * What a qualified call is worth to the ad platforms, so Smart Bidding learns revenue: a booked job its value; a
 * call routed to providers what it earned (the payable leg's payout, nothing when no provider paid); with routing
 * on, a call the business line took earns nothing; with routing off the site is the business, and a lead is worth
 * Call outcomes → Value of a lead. "One fixed value" (Site settings → Call tracking) gives every qualified call the
 * conversion value instead. 0 means the call is not exported (and an exported one is retracted).
 */
export function callValue(call: Pick<StoredCall, 'outcome' | 'bookedValue' | 'qualified'> & Partial<Pick<StoredCall, 'payout'>>, settings: Pick<VoiceSettings, 'outcomes'> & Partial<Pick<VoiceSettings, 'fixedValue' | 'conversionValue' | 'routing'>>): number {
  if (!countsAsQualified(call)) return 0
  if (call.outcome === 'booked') return outcomeValue('booked', call.bookedValue, settings.outcomes)
  if (settings.fixedValue) return settings.conversionValue ?? 0
  if (call.payout !== null && call.payout !== undefined) return call.payout
  if (settings.routing?.routing) return 0
  return outcomeValue(call.outcome || 'lead', call.bookedValue, settings.outcomes)
}

/** What standard error says about clicks left out. */
export function tooOldLines(tooOld: readonly StoredCall[]): string[] {
  return tooOld.map((call) => `Left out: call ${call.callSid} of ${new Date(call.startedAt).toISOString()}, its click is older than Google's ${CLICK_WINDOW_DAYS}-day window.`)
}
