/** What a restore made live, in the editor's words: the page's address, or the thing's name. */
export function restoredMessage(revision: { _type?: unknown; slug?: { current?: string }; title?: unknown; name?: unknown; question?: unknown }, homeSlug?: string | null): string {
  const slug = revision.slug?.current
  if (slug) return `${slug === homeSlug ? '/' : `/${slug}`} now shows the restored version.`
  const name = [revision.title, revision.name, revision.question].find((value): value is string => typeof value === 'string')
  return name ? `“${name}” is live as restored, on every page that shows it.` : 'The restored version is live.'
}
