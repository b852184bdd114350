/** A time zone name the platform knows (e.g. America/Chicago), as the Studio's time zone fields take it. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone.includes('/') || zone === 'UTC'
  } catch {
    return false
  }
}
