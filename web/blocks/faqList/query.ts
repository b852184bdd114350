export const faqListFields = /* groq */ `
  heading,
  "faqs": faqs[]->{_id, question, answer},
  callLineText,
  structuredData
`
