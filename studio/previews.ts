/**
 * What the Studio lists as a page's address: its slug as "/<slug>", except the home page (the page
 * Site settings names), which is served at "/" — "/home" answers 404.
 */
export function listedAddress(subtitle: string, homeSlug: string | null): string {
  return homeSlug && subtitle === `/${homeSlug}` ? '/ (home page)' : subtitle
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
