import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { bundledDocuments } from '../web/lib/sanity/localDataset'
import { DELETE_GUARD_QUERY, pagesUsing, refusal, type GuardData } from './deleteGuard'

async function guardData(id: string): Promise<GuardData> {
  return (await (await evaluate(parse(DELETE_GUARD_QUERY), { dataset: bundledDocuments(), params: { id } })).get()) as GuardData
}

describe('what a published page uses cannot go from under it', () => {
  it('the Ants pest: /ants shows it, the home page picks photos by keyword', async () => {
    const uses = await pagesUsing('pest-ant', 'pest', await guardData('pest-ant'))
    const hrefs = uses.map((use) => use.href)
    expect(hrefs).toContain('/ants')
    expect(hrefs).toContain('/')
    const said = refusal('pest', 'Ants', 'delete', uses)
    expect(said.header).toMatch(/^“Ants” cannot be deleted: \d+ published pages use this pest$/)
    expect(said.pages).toContain('/ants — Ants: is the page about this pest (its name and title)')
    expect(said.fix).toMatch(/choose another pest on these pages/)
  })

  it('a question on the hornet page, by its address and title', async () => {
    const uses = pagesUsing('drafts.faq-hornet-3', 'faq', await guardData('faq-hornet-3'))
    expect(refusal('faq', 'Q', 'unpublish', uses).pages).toEqual(['/hornet-nest-removal-near-me — Emergency hornet nest removal: its FAQ section shows this question'])
  })

  it('a legal page the footer links to, and the home page Site settings names', async () => {
    expect(pagesUsing('legal-privacy-policy', 'legalPage', await guardData('legal-privacy-policy')).map((use) => use.how)).toEqual(['links to it (“Privacy Policy”)'])
    expect(pagesUsing('page-home', 'page', await guardData('page-home')).map((use) => use.how)).toContain('names this page as the home page')
  })

  it('nothing holds a question no page shows', async () => {
    expect(pagesUsing('faq-nowhere', 'faq', await guardData('faq-nowhere'))).toEqual([])
  })
})
