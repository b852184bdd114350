// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
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
})

describe('ZipSearch', () => {
  const props = {
    heading: 'Find pros',
    inputLabel: 'ZIP code',
    placeholder: 'Enter ZIP',
    buttonLabel: 'Find Pros',
    toastTitle: 'Finding Local Experts',
    toastMessage: 'Searching for pest control services in {zip}...',
  }

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
