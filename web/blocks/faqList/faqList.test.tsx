// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext, TEST_TEL } from '../../../tests/support/blockFixtures'
import { FaqList } from './FaqList'

afterEach(cleanup)

const answer = (text: string) => [
  { _type: 'block' as const, _key: text, style: 'normal' as const, markDefs: [], children: [{ _type: 'span' as const, _key: 's', text, marks: [] }] },
]

const block = {
  _type: 'faqList' as const,
  _key: 'f',
  heading: 'Questions',
  faqs: [
    { _id: 'a', question: 'How fast?', answer: answer('Same day in most areas.') },
    { _id: 'b', question: 'Is it safe </script>?', answer: answer('Yes.') },
  ],
  callLineText: 'Still unsure? Call',
  structuredData: null,
}

describe('FaqList', () => {
  it('renders one exclusive <details> group, closed, with a phone line', () => {
    const { container } = render(<FaqList block={block} context={testContext} />)
    const items = [...container.querySelectorAll('details')]
    expect(items).toHaveLength(2)
    expect(new Set(items.map((item) => item.getAttribute('name'))).size).toBe(1)
    expect(items.every((item) => !item.open)).toBe(true)
    expect(screen.getByRole('link').getAttribute('href')).toBe(TEST_TEL)
  })

  it('emits FAQPage structured data only when asked, and it cannot break out of its script', () => {
    expect(render(<FaqList block={block} context={testContext} />).container.querySelector('script[type="application/ld+json"]')).toBeNull()
    const { container } = render(<FaqList block={{ ...block, structuredData: true }} context={testContext} />)
    const script = container.querySelector('script[type="application/ld+json"]')!
    expect(script.innerHTML).not.toContain('</script>')
    const data = JSON.parse(script.textContent!)
    expect(data['@type']).toBe('FAQPage')
    expect(data.mainEntity[0]).toEqual({ '@type': 'Question', name: 'How fast?', acceptedAnswer: { '@type': 'Answer', text: 'Same day in most areas.' } })
    expect(data.mainEntity[1].name).toBe('Is it safe </script>?')
  })
})
