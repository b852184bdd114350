// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { testContext } from '../../../tests/support/blockFixtures'
import { ContactForm } from './ContactForm'

afterEach(cleanup)

describe('ContactForm', () => {
  it('has the four labelled fields and a button, and no <form> that could submit', () => {
    const { container } = render(
      <ContactForm
        block={{
          _type: 'contactForm',
          _key: 'c',
          heading: 'Request a call back',
          intro: null,
          firstNameLabel: 'First Name',
          lastNameLabel: 'Last Name',
          phoneLabel: 'Phone Number',
          issueLabel: 'Describe your pest issue',
          buttonLabel: 'Send',
          note: null,
        }}
        context={testContext}
      />,
    )
    for (const label of ['First Name', 'Last Name', 'Phone Number', 'Describe your pest issue']) expect(screen.getByLabelText(label)).toBeTruthy()
    expect(container.querySelector('form')).toBeNull()
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('button')
  })
})
