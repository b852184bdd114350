export const urgencyFields = /* groq */ `
  heading,
  text,
  buttonLabel
`
