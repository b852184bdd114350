export const heroFields = /* groq */ `
  title,
  titleTemplate,
  subtitle,
  locationLine,
  callLineLabel,
  buttonLabel,
  rating,
  ratingLabel,
  benefits
`
