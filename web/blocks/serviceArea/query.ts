export const serviceAreaFields = /* groq */ `
  heading,
  text,
  locationText
`
