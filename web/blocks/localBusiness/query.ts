export const localBusinessFields = /* groq */ `
  description,
  areaServed,
  ratingValue,
  reviewCount
`
