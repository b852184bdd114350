// Plays one phone call against a running site exactly as Twilio sends it: "A call comes in" to
// /api/voice/incoming, then the <Dial action> with the forwarded leg's outcome, both signed with
// TWILIO_AUTH_TOKEN for the site's public address (NEXT_PUBLIC_SITE_URL), with Twilio's parameters.
// With routing on, every leg is played: the ZIP prompt's digits, each provider's whisper and key press, and
// each leg's outcome, until the site stops dialling.
// Usage: npm run calls:simulate -- --to +13125550161 --talk 95 [--from +14155550123] [--status completed|no-answer|busy]
//        [--stir TN-Validation-Failed-B] (the caller ID's STIR/SHAKEN attestation) [--say "how much to come out?"] (a transcript segment)
//        [--from-zip 75201] [--digits 60614] [--no-answer provider-lone-star[,provider-…]] [--hang-up] (the caller hangs up while the first line rings)
//        [--site http://127.0.0.1:3000]   (the token defaults to the demo's, as `npm run calls:demo` starts it)
import nextEnv from '@next/env'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readConfig } from '../../web/lib/config.ts'
import { isUsE164 } from '../../web/lib/phone.ts'
import { DEMO_TWILIO_TOKEN } from './demoContent.ts'
import { playRoutedCall } from './routedCall.ts'
import { placeOfZip } from '../../web/lib/providers/where.ts'

nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, '../..'), false, { info: () => {}, error: console.error }, true)
const config = readConfig(process.env)
const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    from: { type: 'string', default: `+1415555${String(100 + Math.floor(Math.random() * 100)).padStart(4, '0')}` },
    talk: { type: 'string', default: '95' },
    status: { type: 'string', default: 'completed' },
    stir: { type: 'string' },
    say: { type: 'string' },
    site: { type: 'string', default: `http://127.0.0.1:${config.port ?? 3000}` },
    'from-zip': { type: 'string' },
    digits: { type: 'string' },
    'no-answer': { type: 'string', default: '' },
    'hang-up': { type: 'boolean', default: false },
  },
})
if (!values.to || !isUsE164(values.to) || !/^\+[1-9]\d{6,14}$/.test(values.from!) || !/^\d+$/.test(values.talk!)) {
  console.error('Usage: npm run calls:simulate -- --to +1XXXXXXXXXX --talk 95 [--from +1XXXXXXXXXX] [--status completed|no-answer|busy]')
  process.exit(2)
}
const fromZip = values['from-zip']
const result = await playRoutedCall({
  site: values.site!,
  publicUrl: config.siteUrl.toString(),
  authToken: config.twilioAuthToken || DEMO_TWILIO_TOKEN,
  to: values.to,
  from: values.from!,
  talkSeconds: Number(values.talk),
  dialStatus: values.status!,
  stirVerstat: values.stir,
  said: values.say,
  ...(fromZip ? { fromZip, fromState: placeOfZip(fromZip)?.state ?? '' } : {}),
  ...(values.digits ? { digits: values.digits } : {}),
  noAnswer: values['no-answer']!.split(',').map((id) => id.trim()).filter(Boolean),
  hangUp: values['hang-up'] === true,
})
console.log(`Call ${result.callSid} to ${values.to} from ${values.from}`)
for (const step of result.steps) console.log(`  ${step.request.padEnd(34)} → ${step.answer.status} in ${step.answer.ms.toFixed(1)} ms: ${step.answer.body}`)
if (result.steps.length === 1) console.log('  the site did not forward the call (see the answer above).')
process.exitCode = result.steps.every((step) => step.answer.status === 200) && result.steps.length > 1 ? 0 : 1
