'use client'

import { useEffect, useId, useRef, useState } from 'react'
import type { BlockOf } from '../types'
import { cleanZip, isCompleteZip } from './zip'

type Props = Pick<BlockOf<'zipSearch'>, 'heading' | 'inputLabel' | 'placeholder' | 'buttonLabel' | 'toastTitle' | 'toastMessage'>

/** The ZIP search of the simple landing page. It sends nothing: a complete ZIP shows a message. */
export function ZipSearch({ heading, inputLabel, placeholder, buttonLabel, toastTitle, toastMessage }: Props) {
  const [zip, setZip] = useState('')
  const inputId = useId()
  const field = useRef<HTMLInputElement>(null)
  // A visitor on a slow phone can type before the page's scripts have loaded: React starts with an empty ZIP and
  // would leave what was typed unfiltered (and Find Pros disabled), so the field's own value is taken in once.
  useEffect(() => {
    const input = field.current
    if (!input || input.value === '') return
    const typed = cleanZip(input.value)
    input.value = typed
    setZip(typed)
  }, [])
  const ready = isCompleteZip(zip)

  async function search() {
    if (!ready) return
    // The toast library is its own chunk, already fetched by the page's toast layer.
    const { toast } = await import('sonner')
    toast(toastTitle, { description: toastMessage.replaceAll('{zip}', zip) })
  }

  return (
    <section className="bg-white px-4 py-10">
      <div className="mx-auto max-w-xl rounded-2xl border border-line p-6 text-center shadow-sm">
        <h2 className="text-2xl font-extrabold">{heading}</h2>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            {inputLabel}
          </label>
          {/* No maxLength: the browser would cut a paste to five characters before cleanZip drops the
              non-digits (" 90210" → "9021", "ZIP: 90210" → ""). cleanZip keeps at most five digits. */}
          <input
            id={inputId}
            ref={field}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            value={zip}
            placeholder={placeholder}
            onChange={(event) => setZip(cleanZip(event.target.value))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void search()
            }}
            className="min-h-12 min-w-0 flex-1 rounded-xl border-2 border-line px-3 text-lg tracking-wider placeholder:text-base placeholder:tracking-normal focus:border-brand-600 focus:outline-none"
          />
          <button
            type="button"
            onClick={() => void search()}
            disabled={!ready}
            className="min-h-12 rounded-xl bg-brand-700 px-5 font-bold text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-400"
          >
            {buttonLabel}
          </button>
        </div>
      </div>
    </section>
  )
}
