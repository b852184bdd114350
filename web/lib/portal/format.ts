import type { Outcome } from '../calls/outcomes/rules.ts'
import type { DisputeStatus } from './disputes.ts'
import type { PortalWords } from './words.ts'

/** How the portal writes money, times, months and the words for a call's outcome, leg and dispute. */

const moneyFormats = new Map<string, Intl.NumberFormat>()
export function money(amount: number, currency: string): string {
  let format = moneyFormats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    moneyFormats.set(currency, format)
  }
  return format.format(amount)
}

/** "Nov 28, 2:05 PM" in the provider's zone. */
export function shortTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(at))
}

/** "Nov 28, 2026, 2:05 PM" in the provider's zone. */
export function longTime(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(at))
}

/** "November 2026" for `2026-11`. */
export function monthName(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number]
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, index - 1, 15)))
}

/** A `datetime-local` input's value for an instant in a zone: `YYYY-MM-DDTHH:MM`. */
export function localInputValue(at: number, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at)).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

export function outcomeWord(outcome: Outcome | '', words: PortalWords): string {
  switch (outcome) {
    case 'lead':
      return words.outcomeLead
    case 'booked':
      return words.outcomeBooked
    case 'existing-customer':
      return words.outcomeExistingCustomer
    case 'spam':
      return words.outcomeSpam
    case 'not-a-lead':
      return words.outcomeNotALead
    case 'missed':
      return words.outcomeMissed
    default:
      return ''
  }
}

export function legWord(outcome: string, words: PortalWords): string {
  if (outcome === 'answered') return words.legAnswered
  if (outcome === 'caller-hung-up') return words.legHungUp
  if (outcome === 'declined') return words.legDeclined
  return words.legNotAnswered
}

export function disputeWord(status: DisputeStatus, words: PortalWords): string {
  return { open: words.disputeOpen, credited: words.disputeCredited, accepted: words.disputeAccepted, refused: words.disputeRefused }[status]
}
