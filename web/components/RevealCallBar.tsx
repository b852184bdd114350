'use client'

import { useEffect, useState, type ReactNode } from 'react'

/** How far before the bottom of the hero the bar appears (spec §4, §9). */
export const REVEAL_OFFSET_PX = 100

/**
 * The /v2 call bar: hidden until the visitor scrolls past the bottom of the hero minus 100 px,
 * then it slides in. Hidden means invisible and inert, not just moved off screen.
 */
export function RevealCallBar({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const hero = document.querySelector('[data-hero]')
    let frame = 0
    function update() {
      frame = 0
      const heroBottom = hero ? hero.getBoundingClientRect().bottom + window.scrollY : 0
      setShown(window.scrollY > heroBottom - REVEAL_OFFSET_PX)
    }
    function onScroll() {
      frame ||= requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [])
  return (
    <div
      className={`fixed inset-x-0 bottom-0 z-40 transition-[translate,visibility] duration-300 ${shown ? 'visible translate-y-0' : 'invisible translate-y-full'}`}
      inert={!shown}
      data-testid="reveal-call-bar"
      data-scripts-early=""
      data-shown={shown}
    >
      {children}
    </div>
  )
}
