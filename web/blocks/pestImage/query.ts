/** The photo's own pest, when the editor picked one. Without one the page's keyword picks from all pests. */
export const pestImageFields = /* groq */ `
  caption,
  "pestChosen": defined(pest._ref),
  "pest": pest->{
    name,
    imageAlt,
    illustrationAlt,
    imageFile,
    matchWords,
    "image": image.asset->{url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip}
  }
`
