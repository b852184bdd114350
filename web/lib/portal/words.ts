/**
 * The provider portal's words: content of the `portal` singleton (Studio → Provider portal), so the owner can
 * change every label. These defaults are what the bundled dataset ships and what a field left empty falls back
 * to; the keys are the Studio's field names (studio/schemas/documents/portal.ts lists the same ones).
 */
export const PORTAL_WORDS = {
  title: 'Provider portal',
  signInIntro: 'Sign in with the e-mail address we have on file for your business. We e-mail you a link that works once, within 15 minutes.',
  emailLabel: 'E-mail',
  signInButton: 'E-mail me a sign-in link',
  linkSent: 'If that address may sign in, a link is on its way. It works once, within 15 minutes.',
  tooManyRequests: 'Too many sign-in requests from your network. Wait a few minutes, then try again.',
  linkFailed: 'That sign-in link has expired or was already used. Ask for a new one below.',
  linkPageIntro: 'You are signing in to the provider portal.',
  linkPageButton: 'Sign in',
  mailSubject: 'Your sign-in link',
  mailIntro: 'Use this link to sign in to your provider portal. It works once, within 15 minutes:',
  mailIgnore: 'If you did not ask for it, ignore this e-mail: nobody can sign in without the link.',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
  callsNav: 'Calls',
  statementNav: 'Statement',
  pauseNav: 'Pause',
  monthLabel: 'Month',
  showMonth: 'Show',
  callsHeading: 'Calls',
  noCalls: 'No calls were routed to you in this month.',
  timeColumn: 'Time',
  callerColumn: 'Caller',
  placeColumn: 'Place',
  pestColumn: 'Pest',
  ringColumn: 'Ring',
  talkColumn: 'Talk',
  outcomeColumn: 'Outcome',
  payableColumn: 'Payable',
  amountColumn: 'Amount',
  secondsUnit: 's',
  outcomeLead: 'Lead',
  outcomeBooked: 'Booked job',
  outcomeExistingCustomer: 'Existing customer',
  outcomeSpam: 'Spam',
  outcomeNotALead: 'Not a lead',
  outcomeMissed: 'Missed',
  legAnswered: 'Answered',
  legNotAnswered: 'Not answered',
  legHungUp: 'The caller hung up while it rang',
  legDeclined: 'Declined',
  payableYes: 'Payable',
  withheldCaller: 'Withheld',
  openCall: 'Open',
  callHeading: 'Call',
  legsHeading: 'Your line rang',
  recordingHeading: 'Recording',
  noRecording: 'No recording is kept for your part of this call.',
  transcriptHeading: 'What the caller said',
  noTranscript: 'No transcript is kept for your part of this call.',
  backToCalls: 'All calls',
  disputeButton: 'Dispute',
  disputeHeading: 'Dispute this call',
  disputeIntro: 'Tell us what was wrong with this call. Where our records prove it, the credit is given at once; otherwise the owner decides and you see the answer here.',
  disputeWindow: 'A payable call can be disputed within {days} days.',
  disputeClosed: 'The time to dispute this call has passed.',
  reasonLabel: 'Reason',
  reasonWrongArea: 'Wrong area',
  reasonNotPestControl: 'Not a pest-control job',
  reasonExistingCustomer: 'Existing customer',
  reasonSpam: 'Spam or robocall',
  reasonSameCaller: 'The same caller again',
  reasonOther: 'Other',
  noteLabel: 'Note',
  disputeSent: 'Your dispute is recorded.',
  disputeOpen: 'Disputed: waiting for the owner',
  disputeCredited: 'Credited',
  disputeAccepted: 'Credited by the owner',
  disputeRefused: 'Dispute refused by the owner',
  statementHeading: 'Statement',
  routedLabel: 'Routed',
  answeredLabel: 'Answered',
  missedLabel: 'Missed',
  payableLabel: 'Payable',
  creditsLabel: 'Credits',
  owedLabel: 'Owed',
  creditRow: 'Credit',
  downloadCsv: 'Download CSV',
  pauseHeading: 'New calls',
  takingCalls: 'You are taking new calls.',
  pausedUntilResumed: 'New calls are paused until you resume them.',
  pausedUntil: 'New calls are paused until {time}.',
  pauseButton: 'Pause new calls',
  untilLabel: 'Until (optional)',
  resumeButton: 'Resume calls',
  awayHeading: 'Away dates',
  awayIntro: 'No new calls reach you between these dates.',
  awayFrom: 'From',
  awayTo: 'To',
  awayAdd: 'Add away dates',
  awayRemove: 'Remove',
  noAway: 'No away dates ahead.',
  badDates: 'Check the dates: the end must come after the start, and after now.',
} as const

export type PortalWordKey = keyof typeof PORTAL_WORDS
export type PortalWords = Record<PortalWordKey, string>

/** The words as the content has them, each empty or missing one filled from the defaults. */
export function portalWords(content: Partial<Record<string, string | null | undefined>> | null | undefined): PortalWords {
  const words = { ...PORTAL_WORDS } as PortalWords
  for (const key of Object.keys(PORTAL_WORDS) as PortalWordKey[]) {
    const value = content?.[key]?.trim()
    if (value) words[key] = value
  }
  return words
}

/** A word with its {placeholders} filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
