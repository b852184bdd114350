export const heroFields = /* groq */ `
  title,
  subtitle,
  locationLine,
  callLineLabel,
  buttonLabel,
  rating,
  ratingLabel,
  benefits
`
