import type { FieldProps } from 'sanity'
import { useFormValue } from 'sanity'
import { formatUsPhone, isUsE164 } from '../../web/lib/phone'

/** The help under “Phone number as shown”: quotes the number as it is written now, not as it was once. */
export function phoneShownAsHelp(phone: unknown): string {
  const shown = typeof phone === 'string' && isUsE164(phone) ? formatUsPhone(phone) : null
  return shown
    ? `Optional. How the number is written on the page. Leave empty to show it as ${shown}.`
    : 'Optional. How the number is written on the page. Leave empty to show the phone number above in the usual US way, e.g. (212) 736-3100.'
}

/** The field as Sanity draws it, with its help text read from the current phone number. */
export function PhoneShownAsField(props: FieldProps) {
  const phone = useFormValue(['phone'])
  return props.renderDefault({ ...props, description: phoneShownAsHelp(phone) })
}
