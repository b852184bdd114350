export const textSectionFields = /* groq */ `
  heading,
  body
`
