// Kept apart from the conversion files (which use node:crypto) so the Studio can show call times too.

const formats = new Map<string, Intl.DateTimeFormat>()

/** `yyyy-MM-dd HH:mm:ss` of an instant in an IANA time zone (one formatter per zone, made once). */
export function localTime(at: number, zone: string): string {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    formats.set(zone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}
