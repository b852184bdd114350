export const zipSearchFields = /* groq */ `
  heading,
  inputLabel,
  placeholder,
  buttonLabel,
  toastTitle,
  toastMessage
`
