import { draftMode } from 'next/headers'

/** Whether this request previews drafts. False wherever draft mode cannot apply (build, proxy). */
export async function isDraftMode(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled
  } catch {
    return false
  }
}

/**
 * Fields never stega-encoded in preview: values the code reads rather than shows (enums, the phone,
 * addresses, match words, search-engine fields). Invisible characters in them would change behaviour.
 */
const NOT_COPY = new Set([
  'phone', 'phoneDisplay', 'chrome', 'callBar', 'tone', 'imageFile', 'matchWords', 'seo', 'slug', 'homeSlug',
  'href', 'effectiveDate', 'robots', 'keywords', 'toastMessage', 'locationLine', 'locationText', 'code',
])

export function isPreviewCopy(sourcePath: ReadonlyArray<string | number | object>): boolean {
  return !sourcePath.some((segment) => typeof segment === 'string' && NOT_COPY.has(segment))
}
