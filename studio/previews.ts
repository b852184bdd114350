/**
 * What the Studio lists as a page's address: its slug as "/<slug>", except the home page (the page
 * Site settings names, studio/homePage.ts), which is served at "/" — "/<its slug>" answers 404.
 */
export function listedAddress(slug: string | null | undefined, id: string | undefined, homePageId: string | null): string {
  if (id && homePageId && id.replace(/^(drafts|versions\.[^.]+)\./, '') === homePageId) return '/ (home page)'
  return slug ? `/${slug}` : 'No address yet'
}

/**
 * The A/B test's own preview: without one, Sanity titles the object with its raw fields (the
 * breadcrumb of a version's dialog read “Name: {Current: Spring-Headline}, Ar…”).
 */
export function experimentPreview({ name, arms }: { name?: string; arms?: { key?: string }[] }): { title: string; subtitle: string } {
  const versions = (arms ?? []).map((arm) => arm.key).filter(Boolean)
  return {
    title: name ? `A/B test “${name}”` : 'A/B test (no name yet)',
    subtitle: versions.length > 0 ? `Versions ${versions.join(', ')}` : 'No versions yet',
  }
}
