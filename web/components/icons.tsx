/**
 * Inline icons: no icon font or library to download. All are decorative (aria-hidden).
 *
 * Each is an empty <svg> (so it lays out exactly as an inline SVG does: Tailwind's preflight makes it a block,
 * sized by its classes) painted by the site CSS: the shape is a mask over the current text colour
 * (app/styles/icons.css, `.ic-*`). The paths live once in the cached stylesheet instead of in every page's HTML and
 * again in Next's flight data (50 icons would be 13 KB of /exterminator's markup, twice).
 */
type IconProps = { className?: string }

function Icon({ name, className }: { name: string; className: string }) {
  return <svg aria-hidden="true" className={`ic-${name} ${className}`} />
}

export function PhoneIcon({ className = 'size-5' }: IconProps) {
  return <Icon name="phone" className={className} />
}

export function CheckIcon({ className = 'size-5' }: IconProps) {
  return <Icon name="check" className={className} />
}

export function CrossIcon({ className = 'size-5' }: IconProps) {
  return <Icon name="cross" className={className} />
}

export function StarIcon({ className = 'size-5' }: IconProps) {
  return <Icon name="star" className={className} />
}

/** Two-tone: the shield in the current colour, its check mark white. */
export function ShieldIcon({ className = 'size-8' }: IconProps) {
  return <Icon name="shield" className={className} />
}

export function AlertIcon({ className = 'size-6' }: IconProps) {
  return <Icon name="alert" className={className} />
}
