export const ZIP_LENGTH = 5

/** What the ZIP field keeps of what is typed or pasted: digits only, at most five. */
export function cleanZip(input: string): string {
  return input.replace(/\D/g, '').slice(0, ZIP_LENGTH)
}

export function isCompleteZip(zip: string): boolean {
  return zip.length === ZIP_LENGTH
}
