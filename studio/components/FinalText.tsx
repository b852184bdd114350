import type { FieldProps } from 'sanity'
import { useFormValue } from 'sanity'
import { finalText, helpText } from '../../web/lib/calls/texts/rules'

/**
 * The help under a text's field: the text exactly as a caller gets it, with the business's name (Site settings →
 * Brand name) and the opt-out line added when the words do not already say them (web/lib/calls/texts/rules.ts).
 */
export function sentAsHelp(kind: 'textBack' | 'help', value: unknown, brandName: unknown, phone: unknown): string {
  const brand = typeof brandName === 'string' ? brandName : ''
  const words = typeof value === 'string' ? value : ''
  if (kind === 'help') return `Sent as: “${helpText(words, brand, typeof phone === 'string' ? phone : '')}” Empty: the default. {phone} is the phone number above.`
  return words.trim() ? `Sent as: “${finalText(words, brand)}”` : 'e.g. “Sorry we missed your call. A local pro will call you back shortly.” The business’s name and “Reply STOP to opt out.” are added when the text does not say them.'
}

/** The missed-call text's field, its help showing the final text. */
export function TextBackBodyField(props: FieldProps) {
  const brandName = useFormValue(['brandName'])
  return props.renderDefault({ ...props, description: sentAsHelp('textBack', props.value, brandName, null) })
}

/** The answer to HELP's field, its help showing the final text. */
export function HelpReplyField(props: FieldProps) {
  const brandName = useFormValue(['brandName'])
  const phone = useFormValue(['phone'])
  return props.renderDefault({ ...props, description: sentAsHelp('help', props.value, brandName, phone) })
}
