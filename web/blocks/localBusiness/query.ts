export const localBusinessFields = /* groq */ `
  description,
  areaServed,
  priceRange,
  ratingValue,
  reviewCount
`
