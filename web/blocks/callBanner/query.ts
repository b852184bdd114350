export const callBannerFields = /* groq */ `
  heading,
  text,
  features,
  buttonLabel,
  tone
`
