export const templateHeroFields = /* groq */ `
  heading,
  text,
  primaryLabel,
  secondaryLabel
`
