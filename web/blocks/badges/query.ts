export const badgesFields = /* groq */ `
  heading,
  rating{score, outOf, reviewCount, reviewsLabel},
  badges,
  tone
`
