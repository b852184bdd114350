import { useFormValue } from 'sanity'
import { formatUsPhone, isUsE164 } from '../../web/lib/phone'

/** The help under “Phone number as shown”: quotes the number as it is written now, not as it was once. */
export function phoneShownAsHelp(phone: unknown): string {
  const shown = typeof phone === 'string' && isUsE164(phone) ? formatUsPhone(phone) : null
  return shown
    ? `Optional. How the number is written on the page. Leave empty to show it as ${shown}.`
    : 'Optional. How the number is written on the page. Leave empty to show the phone number above in the usual US way, e.g. (212) 736-3100.'
}

export function PhoneShownAs() {
  return <>{phoneShownAsHelp(useFormValue(['phone']))}</>
}

/** What it can say, for checks that read help text without a form around it. */
PhoneShownAs.editorTexts = [phoneShownAsHelp('+12127363100'), phoneShownAsHelp(undefined)]
