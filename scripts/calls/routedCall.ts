import { dialAction, dialActionParams, incomingParams, newSid, statusCallbackParams, transcriptionParams, twilioPost, type SimulatedAnswer } from './twilioStandIn.ts'

/**
 * A whole routed call as Twilio plays it: "A call comes in" (with the caller's FromZip/FromState when given),
 * the ZIP prompt's digits when the site asks, then each `<Dial>` in turn — the provider's whisper fetched
 * (and 1 pressed when it asks) — and its `<Dial action>` callback with that leg's outcome, until the site
 * stops dialling. `noAnswer` names providers (by id) that let it ring.
 */
export interface RoutedCall {
  site: string
  publicUrl: string
  authToken: string
  to: string
  from: string
  talkSeconds: number
  /** The outcome of a leg that is not in `noAnswer`: completed, busy, no-answer, failed. */
  dialStatus: string
  fromZip?: string
  fromState?: string
  digits?: string
  noAnswer?: readonly string[]
  /** The caller ID's STIR/SHAKEN attestation (Twilio's StirVerstat), when given. */
  stirVerstat?: string
  /** A transcript segment sent after the call, when given. */
  said?: string
  /** The caller hangs up while the first line rings: the Dial action comes with the parent's CallStatus completed, then the number's status callback. */
  hangUp?: boolean
}

export interface RoutedStep {
  request: string
  answer: SimulatedAnswer
}

const decode = (value: string) => value.replaceAll('&amp;', '&')

export async function playRoutedCall(input: RoutedCall): Promise<{ callSid: string; steps: RoutedStep[] }> {
  const call = { to: input.to, from: input.from, callSid: newSid('CA'), accountSid: newSid('AC') }
  const where: [string, string][] = [...(input.fromZip ? [['FromZip', input.fromZip] as [string, string]] : []), ...(input.fromState ? [['FromState', input.fromState] as [string, string]] : [])]
  const post = (path: string, params: [string, string][]) => twilioPost(input.site, input.publicUrl, input.authToken, path, params)
  const steps: RoutedStep[] = []
  let answer = await post('/api/voice/incoming', [...incomingParams({ ...call, stirVerstat: input.stirVerstat }), ...where])
  steps.push({ request: 'incoming', answer })
  const gather = /<Gather input="dtmf" numDigits="5"[^>]*action="([^"]+)"/.exec(answer.body)
  if (answer.status === 200 && gather) {
    answer = await post(decode(gather[1]!), [...incomingParams(call), ...where, ...(input.digits ? [['Digits', input.digits] as [string, string]] : [])])
    steps.push({ request: `digits ${input.digits ?? '(none)'}`, answer })
  }
  for (let legs = 0; legs < 12 && answer.status === 200; legs++) {
    const action = dialAction(answer.body)
    if (!action) break
    const whisper = /<Number url="([^"]+)"/.exec(answer.body)?.[1]
    const provider = whisper ? (new URL(decode(whisper), 'http://x').searchParams.get('p') ?? '') : ''
    const rings = provider && input.noAnswer?.includes(provider) ? 'no-answer' : input.dialStatus
    if (input.hangUp) {
      answer = await post(decode(action), [...dialActionParams({ ...call, talkSeconds: 0, dialStatus: 'no-answer', callerHungUp: true }), ...where])
      steps.push({ request: `${provider || 'business line'}: the caller hung up`, answer })
      steps.push({ request: 'call status: completed', answer: await post('/api/voice/status', statusCallbackParams({ ...call, status: 'completed', duration: 12 })) })
      break
    }
    if (whisper && rings === 'completed') {
      const leg = { ...call, callSid: newSid('CA') }
      const heard = await post(decode(whisper), incomingParams(leg))
      steps.push({ request: `whisper to ${provider}`, answer: heard })
      const press = /<Gather[^>]*action="([^"]+)"/.exec(heard.body)
      if (press) steps.push({ request: 'provider presses 1', answer: await post(decode(press[1]!), [...incomingParams(leg), ['Digits', '1']]) })
    }
    answer = await post(decode(action), [...dialActionParams({ ...call, talkSeconds: input.talkSeconds, dialStatus: rings }), ...where])
    steps.push({ request: `${provider || 'business line'}: ${rings}`, answer })
  }
  if (input.said) steps.push({ request: 'transcript', answer: await post('/api/voice/transcription', transcriptionParams({ callSid: call.callSid, accountSid: call.accountSid, transcript: input.said, sequence: 1 })) })
  return { callSid: call.callSid, steps }
}
