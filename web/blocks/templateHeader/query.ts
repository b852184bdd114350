export const templateHeaderFields = /* groq */ `
  brand,
  navItems,
  buttonLabel
`
