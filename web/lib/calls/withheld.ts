/**
 * A withheld caller: one whose number the network does not pass on. Twilio's `From` then says so in words
 * (`Anonymous`, `Restricted`, `Unavailable`), is empty, or is one of the placeholder numbers carriers put in its
 * place — +266696687 (ANONYMOUS), +7378742833 (RESTRICTED), +2562533 (BLANK), +8656696 (UNKNOWN), the letters
 * spelled on a keypad. Such a "number" belongs to nobody: never texted, never the same person as another
 * withheld caller.
 */
const WITHHELD_WORDS = new Set(['anonymous', 'restricted', 'unavailable', 'unknown', 'private', 'blocked'])
const PLACEHOLDER_NUMBERS = new Set(['+266696687', '+7378742833', '+2562533', '+8656696'])

export function isWithheldCaller(from: string | null | undefined): boolean {
  const value = (from ?? '').trim()
  if (value === '') return true
  if (WITHHELD_WORDS.has(value.toLowerCase())) return true
  const digits = value.replace(/[^\d]/g, '')
  return PLACEHOLDER_NUMBERS.has(`+${digits}`) && /^\+?[\d\s-]+$/.test(value)
}
