// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { Toaster } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanZip, isCompleteZip } from './zip'
import { ZipSearch } from './ZipSearch'

afterEach(cleanup)

describe('cleanZip', () => {
  it('keeps digits only, at most five', () => {
    expect(cleanZip('9a0-2 1x0')).toBe('90210')
    expect(cleanZip('1234567')).toBe('12345')
    expect(cleanZip('<script>')).toBe('')
    expect(isCompleteZip('1234')).toBe(false)
    expect(isCompleteZip('12345')).toBe(true)
  })

  it.each([' 90210', 'ZIP: 90210', '90210-1234', '9 0 2 1 0', 'Beverly Hills, CA 90210'])(
    'keeps the first five digits of a pasted "%s"',
    (pasted) => {
      expect(cleanZip(pasted)).toBe('90210')
    },
  )
})

/**
 * A paste the way browsers do it: the paste event, then (unless cancelled) the clipboard text
 * replaces the selection, cut to the room the input's maxlength leaves, then an input event.
 * happy-dom does not insert pasted text itself, and fireEvent.change alone ignores maxlength,
 * which is how " 90210" became "9021" in browsers while tests passed.
 */
function pasteLikeABrowser(input: HTMLInputElement, text: string) {
  if (!fireEvent.paste(input)) return
  const start = input.selectionStart ?? input.value.length
  const end = input.selectionEnd ?? start
  const room = input.maxLength >= 0 ? input.maxLength - (input.value.length - (end - start)) : text.length
  const value = input.value.slice(0, start) + text.slice(0, Math.max(0, room)) + input.value.slice(end)
  fireEvent.change(input, { target: { value } })
}

describe('ZipSearch', () => {
  const props = {
    heading: 'Find pros',
    inputLabel: 'ZIP code',
    placeholder: 'Enter ZIP',
    buttonLabel: 'Find Pros',
    toastTitle: 'Finding Local Experts',
    toastMessage: 'Searching for pest control services in {zip}...',
  }

  it.each([' 90210', 'ZIP: 90210', '9 0 2 1 0', '90210-1234'])('shows "90210" and enables the button after pasting "%s"', (pasted) => {
    render(<ZipSearch {...props} />)
    const input = screen.getByLabelText<HTMLInputElement>('ZIP code')
    pasteLikeABrowser(input, pasted)
    expect(input.value).toBe('90210')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Find Pros' }).disabled).toBe(false)
  })

  it.each([
    ['9a0-2b10', '90210', false],
    ['303', '303', true],
    ['abc', '', true],
  ])('takes in "%s" typed before hydration as "%s" (Find Pros disabled: %s)', async (typed, shown, disabled) => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<ZipSearch {...props} />)
    document.body.append(container)
    container.querySelector('input')!.value = typed
    const root = await act(async () => hydrateRoot(container, <ZipSearch {...props} />))
    try {
      expect(container.querySelector('input')!.value).toBe(shown)
      expect(container.querySelector('button')!.disabled).toBe(disabled)
    } finally {
      act(() => root.unmount())
      container.remove()
    }
  })

  it('keeps the field a labelled numeric postal-code input', () => {
    render(<ZipSearch {...props} />)
    const input = screen.getByLabelText<HTMLInputElement>('ZIP code')
    expect(input.inputMode).toBe('numeric')
    expect(input.autocomplete).toBe('postal-code')
  })

  it('filters typing to digits, enables the button only at exactly 5, and shows the message with the ZIP', async () => {
    render(
      <>
        <ZipSearch {...props} />
        <Toaster />
      </>,
    )
    const input = screen.getByLabelText<HTMLInputElement>('ZIP code')
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Find Pros' })
    fireEvent.change(input, { target: { value: '30a3' } })
    expect(input.value).toBe('303')
    expect(button.disabled).toBe(true)
    fireEvent.change(input, { target: { value: '30303-1234' } })
    expect(input.value).toBe('30303')
    expect(button.disabled).toBe(false)
    await act(async () => fireEvent.click(button))
    expect(await screen.findByText('Finding Local Experts')).toBeTruthy()
    expect(await screen.findByText('Searching for pest control services in 30303...')).toBeTruthy()
  })
})
