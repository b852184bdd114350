import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { CallsList, MonthPicker } from '@/components/portal/CallsList'
import { CallView } from '@/components/portal/CallView'
import { DisputeForm } from '@/components/portal/DisputeForm'
import { PortalFrame, type PortalSection } from '@/components/portal/PortalFrame'
import { AwayDates, PausePanel } from '@/components/portal/PausePanel'
import { LinkLanding, SignIn } from '@/components/portal/SignIn'
import { StatementView } from '@/components/portal/StatementView'
import { providerCall, providerMonth } from '@/lib/portal/calls'
import { monthName } from '@/lib/portal/format'
import { isMonth, monthOf, recentMonths } from '@/lib/portal/time'
import type { PortalWords } from '@/lib/portal/words'
import { pausesOf } from '@/lib/providers/pauses'
import type { ReactNode } from 'react'
import { portalContent, portalDb, portalViewer, type PortalViewer } from './portalRuntime'

/**
 * The portal's pages: who is signed in (portalViewer: a session whose provider still lists its address), then
 * only that provider's rows, read by queries scoped to its id. Signed out, every page is the sign-in page; a call
 * that is not the provider's own is not found (404), the same as one that does not exist.
 */
export type Search = Record<string, string | string[] | undefined>
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined)

export async function portalMetadata(): Promise<Metadata> {
  const { words } = await portalContent()
  // The sign-in link's page holds its one-time token in the address: no request to another site is told it
  // ('same-origin', not 'no-referrer', which would send the forms' Origin as "null" and fail their origin check).
  return { title: words.title, robots: { index: false, follow: false, nocache: true }, referrer: 'same-origin' }
}

function frame(viewer: PortalViewer | null, words: PortalWords, brandName: string, section: PortalSection | undefined, children: ReactNode) {
  return (
    <PortalFrame brandName={brandName} words={words} viewer={viewer ? { email: viewer.email, providerName: viewer.provider.name } : undefined} section={section}>
      {children}
    </PortalFrame>
  )
}

/** The signed-in provider, or the sign-in page to answer with. */
async function signedIn(search: Search): Promise<{ viewer: PortalViewer } | { page: ReactNode }> {
  const viewer = await portalViewer(await headers())
  if (viewer) return { viewer }
  const { words, brandName } = await portalContent()
  const state = one(search.signin)
  return { page: frame(null, words, brandName, undefined, <SignIn words={words} state={state === 'sent' || state === 'busy' || state === 'failed' ? state : null} />) }
}

function monthChoice(viewer: PortalViewer, search: Search): { month: string; months: string[]; names: Record<string, string> } {
  const current = monthOf(viewer.scope.now, viewer.scope.siteTimeZone)
  const asked = one(search.month)
  const month = isMonth(asked) && asked <= current ? asked : current
  const months = recentMonths(viewer.scope.now, viewer.scope.siteTimeZone)
  if (!months.includes(month)) months.push(month)
  return { month, months, names: Object.fromEntries(months.map((value) => [value, monthName(value)])) }
}

/** /portal: signed out, the sign-in form; signed in, the month's calls with the pause switch above them. */
export async function PortalHome({ search }: { search: Search }) {
  const state = await signedIn(search)
  if ('page' in state) return state.page
  const { viewer } = state
  const { words, brandName, currency } = viewer.content
  const db = await portalDb()
  const { month, months, names } = monthChoice(viewer, search)
  const [{ calls }, pauses] = await Promise.all([providerMonth(db, viewer.scope, month), pausesOf(db, viewer.provider.id, viewer.scope.now)])
  return frame(
    viewer,
    words,
    brandName,
    'calls',
    <div className="space-y-6">
      <PausePanel current={pauses.current} words={words} timeZone={viewer.provider.timeZone} now={viewer.scope.now} back="/portal" badDates={one(search.pause) === 'bad-dates'} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="page-title">
          {words.callsHeading} · {names[month]}
        </h1>
        <MonthPicker months={months} month={month} words={words} action="/portal" names={names} />
      </div>
      <CallsList calls={calls} words={words} timeZone={viewer.provider.timeZone} currency={currency} />
    </div>,
  )
}

/** /portal/calls/<callSid>: one of the provider's own calls, else 404. */
export async function PortalCall({ callSid, search }: { callSid: string; search: Search }) {
  const state = await signedIn(search)
  if ('page' in state) return state.page
  const { viewer } = state
  const call = await providerCall(await portalDb(), viewer.scope, callSid)
  if (!call) notFound()
  const { words, brandName, currency } = viewer.content
  const done = one(search.dispute)
  const notice = done === 'credited' || done === 'opened' ? `${words.disputeSent} ${call.dispute ? (done === 'credited' ? words.disputeCredited : words.disputeOpen) : ''}`.trim() : null
  return frame(viewer, words, brandName, 'calls', <CallView call={call} words={words} timeZone={viewer.provider.timeZone} currency={currency} notice={notice} />)
}

/** /portal/calls/<callSid>/dispute: the dispute form of one of the provider's own calls, else 404. */
export async function PortalDispute({ callSid, search }: { callSid: string; search: Search }) {
  const state = await signedIn(search)
  if ('page' in state) return state.page
  const { viewer } = state
  const call = await providerCall(await portalDb(), viewer.scope, callSid)
  if (!call) notFound()
  const { words, brandName, currency, disputeDays } = viewer.content
  return frame(viewer, words, brandName, 'calls', <DisputeForm call={call} words={words} timeZone={viewer.provider.timeZone} currency={currency} disputeDays={disputeDays} problem={one(search.dispute) === 'reason'} />)
}

/** /portal/statement: a month's statement of the provider, equal to the CLI's, with its CSV. */
export async function PortalStatement({ search }: { search: Search }) {
  const state = await signedIn(search)
  if ('page' in state) return state.page
  const { viewer } = state
  const { words, brandName, currency } = viewer.content
  const { month, months, names } = monthChoice(viewer, search)
  const { statement, calls } = await providerMonth(await portalDb(), viewer.scope, month)
  return frame(
    viewer,
    words,
    brandName,
    'statement',
    <div className="space-y-6">
      <MonthPicker months={months} month={month} words={words} action="/portal/statement" names={names} />
      <StatementView statement={statement} calls={calls} words={words} timeZone={viewer.provider.timeZone} currency={currency} />
    </div>,
  )
}

/** /portal/pause: pause or resume new calls, and away dates ahead. */
export async function PortalPause({ search }: { search: Search }) {
  const state = await signedIn(search)
  if ('page' in state) return state.page
  const { viewer } = state
  const { words, brandName } = viewer.content
  const pauses = await pausesOf(await portalDb(), viewer.provider.id, viewer.scope.now)
  const flag = one(search.pause)
  return frame(
    viewer,
    words,
    brandName,
    'pause',
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="page-title">{words.pauseHeading}</h1>
      <PausePanel current={pauses.current} words={words} timeZone={viewer.provider.timeZone} now={viewer.scope.now} back="/portal/pause" badDates={flag === 'bad-dates'} />
      <AwayDates ahead={pauses.ahead} words={words} timeZone={viewer.provider.timeZone} notice={null} />
    </div>,
  )
}

/** /portal/sign-in?token=…: the e-mailed link's page, one button that signs in. */
export async function PortalLinkLanding({ search }: { search: Search }) {
  const { words, brandName } = await portalContent()
  const token = one(search.token) ?? ''
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return frame(null, words, brandName, undefined, <SignIn words={words} state="failed" />)
  return frame(null, words, brandName, undefined, <LinkLanding words={words} token={token} />)
}
