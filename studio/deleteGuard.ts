import { pageHref, pagesRendering, WHERE_USED_QUERY, type WhereUsedData } from './whereUsed'

/**
 * What a published page uses, so it cannot be deleted or unpublished from under the page: a pest a page
 * shows (its Photo section, a pest list with photos) or may show (a photo picked from the ad keyword,
 * which any pest's match words can win), a question a page's FAQ section shows, and a page the home page
 * setting names or the footer links to. Computed from what the site renders (studio/whereUsed.ts), read
 * in the published perspective: a draft that adds a question does not protect it yet.
 *
 * A document action rather than Sanity's strong references: keyword matching and footer links name a
 * pest or a page by words and addresses, not by reference, so a reference could not protect them, and
 * Sanity's own dialog counts "documents" without saying which page or what to do.
 */
export const DELETE_GUARD_QUERY = /* groq */ `{
  "whereUsed": ${WHERE_USED_QUERY},
  "footerLinks": *[_id == "siteSettings"][0].footerLinks[]{label, href},
  "pestPages": *[_type == "pestPage" && pest._ref == $id && defined(slug.current)]{ "title": pest->name, "slug": slug.current },
  "self": *[_id == $id][0]{ "title": coalesce(name, question, title, pest->name), "slug": slug.current }
}`

export interface GuardData {
  whereUsed: WhereUsedData
  footerLinks: { label: string | null; href: string | null }[] | null
  pestPages: { title: string | null; slug: string }[] | null
  self: { title: string | null; slug: string | null } | null
}

export interface PageUse {
  title: string
  href: string
  /** How the page uses it, in a few words. */
  how: string
}

type ShownBlock = { _type?: string; pest?: unknown; pestChosen?: boolean }

/** The published pages that use a document, each with its address, its title and how it uses it. */
export function pagesUsing(id: string, type: string, data: GuardData): PageUse[] {
  const publishedId = id.replace(/^(drafts|versions\.[^.]+)\./, '')
  const { whereUsed } = data
  if (type === 'faq') return pagesRendering(publishedId, whereUsed).map((page) => ({ ...page, how: 'its FAQ section shows this question' }))
  if (type === 'pest') {
    const about = (data.pestPages ?? []).map((page) => ({ title: page.title ?? page.slug, href: pageHref(page.slug, whereUsed.homeSlug), how: 'is the page about this pest (its name and title)' }))
    const photos = pagesRendering(publishedId, whereUsed).map((page) => ({ ...page, how: 'shows this pest’s photo' }))
    const shown = [...about, ...photos.filter((page) => !about.some((each) => each.href === page.href))]
    const byKeyword = whereUsed.pages
      .filter((page) => page.shown.slug && ((page.shown.blocks ?? []) as ShownBlock[]).some((block) => block._type === 'pestImage' && !block.pestChosen))
      .map((page) => ({ title: page.title ?? page.shown.slug!, href: pageHref(page.shown.slug!, whereUsed.homeSlug), how: 'picks its photo by the ad’s keyword, which this pest’s match words answer' }))
    return [...shown, ...byKeyword.filter((page) => !shown.some((each) => each.href === page.href))]
  }
  const slug = data.self?.slug
  if (!slug) return []
  const uses: PageUse[] = []
  if (slug === whereUsed.homeSlug) uses.push({ title: 'Site settings', href: '/', how: 'names this page as the home page' })
  for (const link of data.footerLinks ?? [])
    if (link.href === `/${slug}` || (slug === whereUsed.homeSlug && link.href === '/')) uses.push({ title: 'Every page', href: 'the footer', how: `links to it (“${link.label ?? link.href}”)` })
  return uses
}

const NOUNS: Record<string, { noun: string; fix: string }> = {
  pest: { noun: 'pest', fix: 'First choose another pest on these pages (or remove that section) and publish them; then it can go.' },
  faq: { noun: 'question', fix: 'First remove it from the FAQ section of these pages and publish them; then it can go.' },
  page: { noun: 'page', fix: 'First name another home page in Site settings or remove the footer link, and publish; then it can go.' },
  pestPage: { noun: 'page', fix: 'First remove the footer link to it in Site settings and publish; then it can go.' },
  legalPage: { noun: 'page', fix: 'First remove the footer link to it in Site settings and publish; then it can go.' },
}

/** What the refusal says: which thing, which pages (address and title, how each uses it) and the way out. */
export function refusal(type: string, title: string, verb: 'delete' | 'unpublish', uses: PageUse[]): { header: string; pages: string[]; fix: string } {
  const { noun, fix } = NOUNS[type] ?? { noun: 'item', fix: 'First remove it from these pages and publish them; then it can go.' }
  const count = uses.length === 1 ? '1 published page uses' : `${uses.length} published pages use`
  return {
    header: `“${title}” cannot be ${verb === 'delete' ? 'deleted' : 'unpublished'}: ${count} this ${noun}`,
    pages: uses.map((use) => `${use.href} — ${use.title}: ${use.how}`),
    fix,
  }
}
