export const ZIP_LENGTH = 5

/**
 * What the ZIP field keeps of what is typed or pasted: the first five digits once everything else
 * is dropped (" 90210", "ZIP: 90210", "90210-1234" → "90210"). The five-digit cap lives here, not in
 * the input's maxLength, which would cut a paste before its non-digits are removed.
 */
export function cleanZip(input: string): string {
  return input.replace(/\D/g, '').slice(0, ZIP_LENGTH)
}

export function isCompleteZip(zip: string): boolean {
  return zip.length === ZIP_LENGTH
}
