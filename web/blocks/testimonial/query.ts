export const testimonialFields = /* groq */ `
  quote,
  author,
  detail,
  rating,
  ratingLabel
`
