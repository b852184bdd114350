export const bannerFields = /* groq */ `
  heading,
  text,
  buttonLabel,
  tone
`
